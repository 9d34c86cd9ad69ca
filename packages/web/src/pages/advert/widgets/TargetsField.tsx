import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanTargets } from '@vitrine/contract';
import { TreeDialog } from '../../../components/TreeDialog';

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
  return (
    <Space orientation="vertical" size={4} data-testid="field-targets">
      <Button icon={<AimOutlined />} onClick={() => setOpen(true)} data-testid="field-targets-choose">{t(shops ? 'action.chooseRecipients' : 'action.chooseTargets')}</Button>
      <Typography.Text type={none ? 'warning' : 'secondary'} data-testid="field-targets-summary">
        {none ? t(shops ? 'targets.noneShops' : 'targets.none') : t(shops ? 'targets.summaryShops' : 'targets.summary', { p: v.p.length, c: v.c.length, a: v.a.length, s: v.s.length, d: v.d.length })}
      </Typography.Text>
      <TreeDialog
        open={open} mode={mode} value={{ p: v.p, c: v.c, a: v.a, s: [...v.s.map(String), ...v.d.map((id) => `d${id}`)] }}
        onCancel={() => setOpen(false)}
        onOk={(range, _count, picked) => {
          setOpen(false);
          onChange?.({ p: range.p, c: range.c, a: range.a, s: range.s, d: picked.devices });
        }}
      />
    </Space>
  );
}
