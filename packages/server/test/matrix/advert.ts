import { post } from '../harness.js';
import { ENTITIES, lifecycleRows, owner, shopIn, enabled, type Entity } from './stores.js';
import { named, type MatrixRoute, type World } from './types.js';

// Tenant routes of the advertising records (issue 9): commodities reach the whole enterprise, ad
// plans the areas, shops and devices they are aimed at; the same lifecycle rows as every entity.

const unique = () => `C${Math.floor(Math.random() * 1e9)}`;

const COMMODITY: Entity = {
  name: 'commodity',
  data: async (w, ent) => ({
    name: named(w, ent, '矿泉水'),
    code: unique(),
    price: 200,
    specs: JSON.stringify([{ name: '容量', value: '550ml' }]),
  }),
};

export const ADVERT_ENTITIES: Entity[] = [
  COMMODITY,
  {
    // a product display: one product of the same enterprise (no material needed)
    name: 'ad-content',
    data: async (w, ent) => ({
      name: named(w, ent, '新品展示'),
      adType: 'details',
      commodityIds: JSON.stringify([await enabled(w, ent, COMMODITY)]),
    }),
  },
  {
    name: 'ad-plan',
    launched: false,
    data: async (w, ent) => ({
      name: named(w, ent, '周末计划'),
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
      targets: JSON.stringify({ p: [], c: [], a: [], s: [String(await shopIn(w, ent))], d: [] }),
    }),
  },
  { name: 'ai-pitch', data: async (w, ent) => ({ gender: 1, ageBand: 2, text: named(w, ent, '先生您好，欢迎光临') }) },
];

/** Enterprise b's marked advertising records, one enabled per entity. */
export async function markedAdvert(w: World) {
  for (const e of ADVERT_ENTITIES) await enabled(w, w.b, e);
}

const PLAN = ADVERT_ENTITIES[2];
const DEVICE = ENTITIES[4];
const FORBIDDEN = 40003;
const plan = (extra: Record<string, unknown> = {}, asManager?: number): MatrixRoute => ({
  path: '',
  body: async (w) => ({ id: await enabled(w, w.a, PLAN), ...extra }),
  ...(asManager ? { asManager } : {}),
  foreign: async (w) => ({ id: await enabled(w, w.b, PLAN), ...extra }),
});

let imported = 0;
/** A one-product CSV (base64) with a fresh code, its name marked in enterprise b. */
const csv = (w: World, ent: Parameters<typeof named>[1]) =>
  Buffer.from(`名称,编码,价格（元）\n${named(w, ent, '导入商品')},IMP${Date.now()}${imported++},9.90\n`).toString(
    'base64',
  );

export const ADVERT_ROUTES: MatrixRoute[] = [
  ...ADVERT_ENTITIES.flatMap(lifecycleRows),
  { path: 'commodity/import', body: async (w) => ({ name: 'p.csv', mode: 'commit', file: csv(w, w.a) }) },
  { path: 'commodity/import-template', body: {} },
  { ...plan({}, FORBIDDEN), path: 'ad-plan/throw' },
  {
    ...plan({}, FORBIDDEN),
    path: 'ad-plan/revoke',
    body: async (w) => {
      const id = await enabled(w, w.a, PLAN);
      await post(w.t, 'ad-plan/throw', { id }, owner(w.a));
      return { id };
    },
  },
  { ...plan({ isDefault: 1 }, FORBIDDEN), path: 'ad-plan/default' },
  { ...plan(), path: 'ad-plan/device-list' },
  {
    path: 'ad-plan/timeline',
    body: async (w) => ({ deviceId: await enabled(w, w.a, DEVICE) }),
    foreign: async (w) => ({ deviceId: await enabled(w, w.b, DEVICE) }),
  },
];
