import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanTargets } from '@vitrine/contract';
import { TreeDialog } from '../../../components/TreeDialog';

const EMPTY: PlanTargets = { p: [], c: [], a: [], s: [], d: [] };

/** Where a plan plays: areas, shops and single devices from the tree dialog (devices mode). */
export function TargetsField({ value, onChange }: { value?: PlanTargets; onChange?: (v: PlanTargets) => void }) {
  const { t } = useTranslation('advert');
  const [open, setOpen] = useState(false);
  const v = { ...EMPTY, ...value };
  const none = !v.p.length && !v.c.length && !v.a.length && !v.s.length && !v.d.length;
  return (
    <Space orientation="vertical" size={4} data-testid="field-targets">
      <Button icon={<AimOutlined />} onClick={() => setOpen(true)} data-testid="field-targets-choose">{t('action.chooseTargets')}</Button>
      <Typography.Text type={none ? 'warning' : 'secondary'} data-testid="field-targets-summary">
        {none ? t('targets.none') : t('targets.summary', { p: v.p.length, c: v.c.length, a: v.a.length, s: v.s.length, d: v.d.length })}
      </Typography.Text>
      <TreeDialog
        open={open} mode="devices" value={{ p: v.p, c: v.c, a: v.a, s: [...v.s.map(String), ...v.d.map((id) => `d${id}`)] }}
        onCancel={() => setOpen(false)}
        onOk={(range, _count, picked) => {
          setOpen(false);
          onChange?.({ p: range.p, c: range.c, a: range.a, s: range.s, d: picked.devices });
        }}
      />
    </Space>
  );
}
