import { incentiveData, incentiveFilter, incentiveView } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import { defineEntity } from '../lifecycle/entity.js';
import type { Data, EntityConfig, Scope } from '../lifecycle/types.js';
import { suffix } from './checks.js';

// Incentive schemes (menu /incentives, issue 12 §2): aimed at shops (the targets reach rule) and
// optionally at named employees of them. An approved scheme runs (online) over its dates.

const ids = (v: unknown): number[] => [...new Set((Array.isArray(v) ? v : []).map(Number))];

async function checkScheme(q: Q, scope: Scope, data: Data): Promise<Data> {
  if (String(data.dateTo) < String(data.dateFrom)) throw fail.invalid('dateTo', 'incentive.dates');
  if ((data.metric === 'visitors' || data.metric === 'conversion') && data.level !== 'shop')
    throw fail.invalid('level', 'incentive.shopMetric');
  const tiers = (data.tiers ?? []) as { threshold: number }[];
  const op = Number(data.op);
  const ordered = tiers.every(
    (t, i) =>
      i === 0 ||
      (op === 4 || op === 5 ? t.threshold < tiers[i - 1].threshold : op === 3 || t.threshold > tiers[i - 1].threshold),
  );
  if (!ordered) throw fail.invalid('tiers', 'incentive.tiers');
  const products = ids(data.commodityIds);
  if (products.length) {
    const found = await q.query('select id from commodities where enterprise_id = $1 and id = any($2::int[])', [
      scope.enterpriseId,
      products,
    ]);
    if (found.length !== products.length) throw fail.invalid('commodityIds', 'incentive.product');
  }
  const people = ids(data.employeeIds);
  if (people.length) {
    const found = await q.query(
      'select id from employees where enterprise_id = $1 and id = any($2::int[]) and deleted_at is null',
      [scope.enterpriseId, people],
    );
    if (found.length !== people.length) throw fail.invalid('employeeIds', 'incentive.employee');
  }
  return { ...data, commodityIds: products, employeeIds: people };
}

export const INCENTIVE: EntityConfig = defineEntity(
  { data: incentiveData, view: incentiveView, filter: incentiveFilter },
  {
    entity: 'incentive',
    table: 'incentives',
    menu: '/incentives',
    label: 'entity.incentive',
    reach: { kind: 'targets', field: 'targets' },
    titleField: 'name',
    page: '/incentives',
    keyword: ['name'],
    eqFilters: { metric: 'metric' },
    view: {},
    copyData: (d) => ({ ...d, name: `${String(d.name).slice(0, 58)}-${suffix()}` }),
    validate: (q, scope, data) => checkScheme(q, scope, data),
  },
);
