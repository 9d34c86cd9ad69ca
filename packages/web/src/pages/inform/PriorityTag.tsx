import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string | undefined> = { 1: undefined, 2: 'orange', 3: 'red' };

/** 1 normal, 2 important, 3 urgent. */
export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation('inform');
  return (
    <Tag color={COLORS[priority]} data-testid="priority">
      {t(`priority.${priority}`)}
    </Tag>
  );
}
