import { useState } from 'react';
import { Button, Space, Spin, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanTargets } from '@vitrine/contract';
import { api } from '../../../api/routes';
import { call } from '../../../api/client';
import { keys } from '../../../api/keys';
import { TreeDialog } from '../../../components/TreeDialog';
import { isEmptyRange } from '../../../components/TreeDialog/ranges';

const EMPTY: PlanTargets = { p: [], c: [], a: [], s: [], d: [] };

type Props = { value?: PlanTargets; onChange?: (v: PlanTargets) => void };

/** Where a plan plays: areas, shops and single devices from the tree dialog (devices mode). */
export function TargetsField(props: Props) {
  return <Targets {...props} mode="devices" />;
}

/** Whom a notification reaches: areas and shops from the tree dialog (shops mode). */
export function ShopTargetsField(props: Props) {
  return <Targets {...props} mode="shops" />;
}

function Targets({ value, onChange, mode }: Props & { mode: 'devices' | 'shops' }) {
  const { t } = useTranslation('advert');
  const [open, setOpen] = useState(false);
  const v = { ...EMPTY, ...value };
  const shops = mode === 'shops';
  const none = !v.p.length && !v.c.length && !v.a.length && !v.s.length && !v.d.length;
  // what the choice covers, counted as the tree dialog counts it (the same query, shared cache)
  const range = { p: v.p, c: v.c, a: v.a, s: v.s.map(String) };
  const covered = useQuery({
    queryKey: keys.geo.count(shops ? 'shop' : 'device', range),
    queryFn: () => call(shops ? api.geo.shopCount : api.geo.deviceCount, { shopRange: range }),
    enabled: !isEmptyRange(range),
    staleTime: 10_000,
  });
  const total = (isEmptyRange(range) ? 0 : (covered.data?.count ?? 0)) + (shops ? 0 : v.d.length);
  return (
    <Space orientation="vertical" size={4} data-testid="field-targets">
      <Button icon={<AimOutlined />} onClick={() => setOpen(true)} data-testid="field-targets-choose">
        {t(shops ? 'action.chooseRecipients' : 'action.chooseTargets')}
      </Button>
      <Typography.Text type={none ? 'warning' : 'secondary'} data-testid="field-targets-summary">
        {none
          ? t(shops ? 'targets.noneShops' : 'targets.none')
          : t(shops ? 'targets.summaryShops' : 'targets.summary', {
              p: v.p.length,
              c: v.c.length,
              a: v.a.length,
              s: v.s.length,
              d: v.d.length,
            })}
      </Typography.Text>
      {none ? null : (
        <Typography.Text strong data-testid="field-targets-total">
          {covered.isFetching ? (
            <Spin size="small" />
          ) : (
            t(shops ? 'targets.totalShops' : 'targets.totalDevices', { count: total })
          )}
        </Typography.Text>
      )}
      <TreeDialog
        open={open}
        mode={mode}
        value={{ p: v.p, c: v.c, a: v.a, s: [...v.s.map(String), ...v.d.map((id) => `d${id}`)] }}
        onCancel={() => setOpen(false)}
        onOk={(range, _count, picked) => {
          setOpen(false);
          onChange?.({ p: range.p, c: range.c, a: range.a, s: range.s, d: picked.devices });
        }}
      />
    </Space>
  );
}
