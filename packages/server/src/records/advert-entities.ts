import { fail } from '../errors.js';
import type { EntityConfig } from '../lifecycle/types.js';
import { checkFree, suffix } from './checks.js';

// The advertising lifecycle entities (menu /advert): commodities reach the whole enterprise; ad
// plans reach what they are aimed at (areas, shops, devices).

export const COMMODITY: EntityConfig = {
  entity: 'commodity', table: 'commodities', menu: '/advert', label: 'entity.commodity', reach: { kind: 'enterprise' }, titleField: 'name',
  uniqueKey: 'commodity.codeTaken', link: (id) => `/advert?tab=commodities&id=${id}`,
  fields: {
    name: { column: 'name', type: 'text' }, code: { column: 'code', type: 'text' }, brand: { column: 'brand', type: 'text' },
    category: { column: 'category', type: 'text' }, price: { column: 'price', type: 'int' }, unit: { column: 'unit', type: 'text' },
    images: { column: 'images', type: 'json' }, sellingPoints: { column: 'selling_points', type: 'json' }, specs: { column: 'specs', type: 'json' },
  },
  keyword: ['name', 'code', 'brand'],
  eqFilters: { category: 'category' },
  view: {},
  finish: (item) => ({ ...item, price: Number(item.price ?? 0) }),
  copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 24)}-${suffix()}` }),
  validate: async (q, scope, data, recordId) => {
    await checkFree(q, scope, 'commodities', data.code, recordId, 'commodity.codeTaken');
    return data;
  },
};

export const AD_PLAN: EntityConfig = {
  entity: 'ad-plan', table: 'ad_plans', menu: '/advert', label: 'entity.adPlan', reach: { kind: 'targets', field: 'targets' }, titleField: 'name',
  link: (id) => `/advert?tab=plans&id=${id}`,
  fields: {
    name: { column: 'name', type: 'text' }, contents: { column: 'contents', type: 'json' }, dateFrom: { column: 'date_from', type: 'text' },
    dateTo: { column: 'date_to', type: 'text' }, weekdays: { column: 'weekdays', type: 'json' }, dayparts: { column: 'dayparts', type: 'json' },
    priority: { column: 'priority', type: 'int' }, targets: { column: 'targets', type: 'json' }, deviceType: { column: 'device_type', type: 'text' },
    orientation: { column: 'orientation', type: 'int' },
  },
  keyword: ['name'],
  eqFilters: {},
  view: {},
  copyData: (d) => ({ ...d, name: `${String(d.name).slice(0, 58)}-${suffix()}` }),
  validate: async (_q, _scope, data) => {
    if (String(data.dateTo) < String(data.dateFrom)) throw fail.invalid('dateTo', 'plan.dates');
    return data;
  },
};
