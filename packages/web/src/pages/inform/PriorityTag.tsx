import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { INFORM_PRIORITIES } from '@vitrine/contract';
import { enumLabel, keyEnum } from '../../i18n/keys';

export const PRIORITY_WORDS = keyEnum('inform:priority', INFORM_PRIORITIES);

const COLORS: Record<number, string | undefined> = { 1: undefined, 2: 'orange', 3: 'red' };

/** 1 normal, 2 important, 3 urgent. */
export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation('inform');
  return (
    <Tag color={COLORS[priority]} data-testid="priority">
      {enumLabel(t, PRIORITY_WORDS, priority)}
    </Tag>
  );
}
