import { Card, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A figure of the data centre with its change against the previous period (null: nothing before). */
export function Kpi({
  title,
  value,
  delta,
  testId,
  prefix,
  suffix,
  precision,
  loading,
}: {
  title: string;
  value: number;
  delta: number | null;
  testId: string;
  prefix?: string;
  suffix?: string;
  precision?: number;
  loading?: boolean;
}) {
  const { t } = useTranslation('data');
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value} prefix={prefix} suffix={suffix} precision={precision} loading={loading} />
      <Typography.Text type="secondary">
        {delta === null ? (
          t('kpi.noPrevious')
        ) : (
          <span style={{ color: delta >= 0 ? '#135200' : '#820014' }}>
            {delta >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(delta)}% {t('kpi.vsPrevious')}
          </span>
        )}
      </Typography.Text>
    </Card>
  );
}
