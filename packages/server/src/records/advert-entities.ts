import { fail } from '../errors.js';
import { adPlanData, adPlanFilter, adPlanView, commodityData, commodityFilter, commodityView } from '@vitrine/contract';
import { defineEntity } from '../lifecycle/entity.js';
import { checkFree, suffix } from './checks.js';

// The advertising lifecycle entities (menu /advert): commodities reach the whole enterprise; ad
// plans reach what they are aimed at (areas, shops, devices).

export const COMMODITY = defineEntity({ data: commodityData, view: commodityView, filter: commodityFilter }, {
  entity: 'commodity', table: 'commodities', menu: '/advert', label: 'entity.commodity', reach: { kind: 'enterprise' }, titleField: 'name',
  uniqueKey: 'commodity.codeTaken', link: (id) => `/advert?tab=commodities&id=${id}`,
  keyword: ['name', 'code', 'brand'],
  eqFilters: { category: 'category' },
  view: {},
  finish: (item) => ({ ...item, price: Number(item.price ?? 0) }),
  copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 24)}-${suffix()}` }),
  validate: async (q, scope, data, recordId) => {
    await checkFree(q, scope, 'commodities', data.code, recordId, 'commodity.codeTaken');
    return data;
  },
});

export const AD_PLAN = defineEntity({ data: adPlanData, view: adPlanView, filter: adPlanFilter }, {
  entity: 'ad-plan', table: 'ad_plans', menu: '/advert', label: 'entity.adPlan', reach: { kind: 'targets', field: 'targets' }, titleField: 'name',
  link: (id) => `/advert?tab=plans&id=${id}`,
  keyword: ['name'],
  eqFilters: {},
  view: {},
  copyData: (d) => ({ ...d, name: `${String(d.name).slice(0, 58)}-${suffix()}` }),
  validate: async (_q, _scope, data) => {
    if (String(data.dateTo) < String(data.dateFrom)) throw fail.invalid('dateTo', 'plan.dates');
    return data;
  },
});
