import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon, ChartIcon, PlayIcon, ShopIcon, TeamIcon, TrophyIcon } from '../_public/icons';
import type { KeysUnder } from '../../i18n/keys';

type Feature = {
  key: Exclude<KeysUnder<'public', 'features'>, 'heading' | 'subheading'>;
  Icon: ComponentType<{ size?: number }>;
};

/** The product's areas (spec §1), each a card on the landing page. Texts live in public.json. */
export const FEATURES: readonly Feature[] = [
  { key: 'ads', Icon: PlayIcon },
  { key: 'inform', Icon: BellIcon },
  { key: 'incentives', Icon: TrophyIcon },
  { key: 'stores', Icon: ShopIcon },
  { key: 'staff', Icon: TeamIcon },
  { key: 'visitors', Icon: ChartIcon },
];

export function FeatureCards() {
  const { t } = useTranslation('public');
  return (
    <ul className="vt-features">
      {FEATURES.map(({ key, Icon }) => (
        <li key={key} className="vt-card vt-feature">
          <span className="vt-feature-icon">
            <Icon size={22} />
          </span>
          <h3>{t(`features.${key}.title`)}</h3>
          <p>{t(`features.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** console → screens → statistics, in three steps (DESIGN §1). */
export function LoopSteps() {
  const { t } = useTranslation('public');
  return (
    <ol className="vt-loop">
      {(['plan', 'play', 'measure'] as const).map((step, index) => (
        <li key={step} className="vt-loop-step">
          <span className="vt-loop-number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3>{t(`loop.${step}.title`)}</h3>
            <p>{t(`loop.${step}.text`)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
