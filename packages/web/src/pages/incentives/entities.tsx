import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api as contract, INCENTIVE_RESETS } from '@vitrine/contract';
import { api } from '../../api/routes';
import type { EntityConfig, LifecycleRow, ValueEnum } from '../../components/LifecycleTable';
import { keyEnum } from '../../i18n/keys';
import { formFields } from '../../components/LifecycleTable/formFields';
import { ShopTargetsField } from '../advert/widgets/TargetsField';
import { CommodityPicker } from '../advert/widgets/records';
import { DayField } from '../advert/widgets/simple';
import { formatValue, METRIC_WORDS, OP_SYMBOLS } from './format';
import { StaffRolesField } from './RolesField';
import { TiersField } from './TiersField';

// The declarative table of /incentives.

export type IncentiveRow = LifecycleRow & {
  name: string;
  description: string;
  metric: string;
  level: 'employee' | 'shop';
  commodityIds: number[];
  category: string;
  op: number;
  tiers: { threshold: number; reward: string; rewardFen: number }[];
  dateFrom: string;
  dateTo: string;
  reset: string;
};

const LEVEL_ENUM = keyEnum('incentives:level', ['employee', 'shop']);
const RESET_ENUM = keyEnum('incentives:reset', INCENTIVE_RESETS);
const OP_ENUM: ValueEnum = Object.fromEntries(Object.entries(OP_SYMBOLS).map(([k, v]) => [k, { text: v }]));

function Tiers({ row }: { row: IncentiveRow }) {
  const { t } = useTranslation('incentives');
  return (
    <>
      {row.tiers.map((x, i) => (
        <Tag key={i}>
          {OP_SYMBOLS[row.op]} {formatValue(row.metric, x.threshold, t)} · {x.reward}
        </Tag>
      ))}
    </>
  );
}

export const incentiveConfig: EntityConfig<IncentiveRow> = {
  entity: 'incentive',
  label: 'incentives:entity',
  calls: api.incentive,
  titleOf: (r) => r.name,
  columns: [
    { key: 'name', title: 'incentives:field.name' },
    { key: 'metric', title: 'incentives:field.metric', kind: 'enum', valueEnum: METRIC_WORDS, width: 110 },
    { key: 'level', title: 'incentives:field.level', kind: 'enum', valueEnum: LEVEL_ENUM, width: 90, detail: true },
    { key: 'tiers', title: 'incentives:field.tiers', render: (r) => <Tiers row={r} /> },
    { key: 'dateFrom', title: 'incentives:field.dates', render: (r) => `${r.dateFrom} ~ ${r.dateTo}` },
    { key: 'reset', title: 'incentives:field.reset', kind: 'enum', valueEnum: RESET_ENUM, width: 90, detail: true },
  ],
  fields: formFields(contract.incentive.create.body, [
    { name: 'name', label: 'incentives:field.name', kind: 'text' },
    { name: 'description', label: 'incentives:field.description', kind: 'textarea' },
    {
      name: 'metric',
      label: 'incentives:field.metric',
      kind: 'select',
      valueEnum: METRIC_WORDS,
      help: 'incentives:help.metric',
    },
    { name: 'level', label: 'incentives:field.level', kind: 'select', valueEnum: LEVEL_ENUM },
    {
      name: 'category',
      label: 'incentives:field.category',
      kind: 'text',
      showIf: (v) => v.metric === 'amount' || v.metric === 'quantity',
      help: 'incentives:help.category',
    },
    {
      name: 'commodityIds',
      label: 'incentives:field.commodityIds',
      kind: 'custom',
      widget: CommodityPicker,
      showIf: (v) => v.metric === 'amount' || v.metric === 'quantity',
    },
    { name: 'op', label: 'incentives:field.op', kind: 'select', valueEnum: OP_ENUM },
    {
      name: 'tiers',
      label: 'incentives:field.tiers',
      kind: 'custom',
      widget: TiersField,
      help: 'incentives:help.tiers',
    },
    { name: 'dateFrom', label: 'incentives:field.dateFrom', kind: 'custom', widget: DayField },
    { name: 'dateTo', label: 'incentives:field.dateTo', kind: 'custom', widget: DayField },
    { name: 'reset', label: 'incentives:field.reset', kind: 'select', valueEnum: RESET_ENUM },
    { name: 'targets', label: 'incentives:field.targets', kind: 'custom', widget: ShopTargetsField },
    {
      name: 'roles',
      label: 'incentives:field.roles',
      kind: 'custom',
      widget: StaffRolesField,
      showIf: (v) => v.level !== 'shop',
      help: 'incentives:help.roles',
    },
  ]),
  defaults: {
    metric: 'amount',
    level: 'employee',
    op: 1,
    reset: 'monthly',
    tiers: [{ threshold: 1_000_000, reward: '', rewardFen: 0 }],
  },
};
