import { Button, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../components/LifecycleTable';
import { INCENTIVE_METRICS } from '@vitrine/contract';
import { oneOf } from '../../i18n/keys';
import { OP_SYMBOLS, thresholdScale } from './format';

type Tier = { threshold: number; reward: string; rewardFen: number };

/** The tiers, from the first to reach to the best: a threshold in the metric's unit (yuan for amounts), the reward in words and its money value. */
export function TiersField({
  value,
  onChange,
  values,
}: {
  value?: Tier[];
  onChange?: (v: Tier[]) => void;
  values: FormValues;
}) {
  const { t } = useTranslation('incentives');
  const tiers = value ?? [];
  const scale = thresholdScale(values.metric);
  const set = (i: number, patch: Partial<Tier>) => onChange?.(tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="field-tiers">
      {tiers.map((tier, i) => (
        <Space key={i} wrap align="center">
          <Typography.Text>
            {t('tier.n', { n: i + 1 })} {OP_SYMBOLS[Number(values.op ?? 1)]}
          </Typography.Text>
          <InputNumber
            min={0}
            value={tier.threshold / scale}
            onChange={(v) => set(i, { threshold: Math.round(Number(v ?? 0) * scale) })}
            aria-label={t('tier.threshold', { n: i + 1 })}
            suffix={t(`unit.form.${oneOf(INCENTIVE_METRICS, values.metric) ?? 'amount'}`)}
            style={{ width: 180 }}
          />
          <Input
            value={tier.reward}
            maxLength={60}
            onChange={(e) => set(i, { reward: e.target.value })}
            placeholder={t('tier.rewardPlaceholder')}
            aria-label={t('tier.reward', { n: i + 1 })}
            style={{ width: 200 }}
          />
          <InputNumber
            min={0}
            value={tier.rewardFen / 100}
            onChange={(v) => set(i, { rewardFen: Math.round(Number(v ?? 0) * 100) })}
            aria-label={t('tier.rewardYuan', { n: i + 1 })}
            prefix="¥"
            style={{ width: 130 }}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('tier.remove', { n: i + 1 })}
            onClick={() => onChange?.(tiers.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      {tiers.length < 5 ? (
        <Button
          icon={<PlusOutlined />}
          data-testid="field-tiers-add"
          onClick={() =>
            onChange?.([
              ...tiers,
              { threshold: (tiers.at(-1)?.threshold ?? 0) + 1000 * scale, reward: '', rewardFen: 0 },
            ])
          }
        >
          {t('tier.add')}
        </Button>
      ) : null}
    </Space>
  );
}
