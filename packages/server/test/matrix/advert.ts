import { lifecycleRows, shopIn, enabled, type Entity } from './stores.js';
import { named, type MatrixRoute, type World } from './types.js';

// Tenant routes of the advertising records (issue 9): commodities reach the whole enterprise, ad
// plans the areas, shops and devices they are aimed at; the same lifecycle rows as every entity.

const unique = () => `C${Math.floor(Math.random() * 1e9)}`;

export const ADVERT_ENTITIES: Entity[] = [
  {
    name: 'commodity',
    data: async (w, ent) => ({ name: named(w, ent, '矿泉水'), code: unique(), price: 200, specs: JSON.stringify([{ name: '容量', value: '550ml' }]) }),
  },
  {
    name: 'ad-plan',
    data: async (w, ent) => ({
      name: named(w, ent, '周末计划'), dateFrom: '2026-12-01', dateTo: '2026-12-31',
      targets: JSON.stringify({ p: [], c: [], a: [], s: [String(await shopIn(w, ent))], d: [] }),
    }),
  },
];

/** Enterprise b's marked advertising records, one enabled per entity. */
export async function markedAdvert(w: World) {
  for (const e of ADVERT_ENTITIES) await enabled(w, w.b, e);
}

export const ADVERT_ROUTES: MatrixRoute[] = ADVERT_ENTITIES.flatMap(lifecycleRows);
