import { post } from '../harness.js';
import { ADVERT_ENTITIES } from './advert.js';
import { enabled, owner, shopIn } from './stores.js';
import type { MatrixRoute, World } from './types.js';
import type { TestEnterprise } from '../factories.js';

// Tenant routes of the data centre (issue 11): every member with the /data/count view bit (reporting
// sales needs its create bit). A sale of enterprise b is in its marked shop: no answer to a names it.

let n = 0;
/** A new sales line of the enterprise's (marked, in b) shop, on 2026-01-03. */
async function lineIn(w: World, ent: TestEnterprise) {
  const shop = await shopIn(w, ent);
  const productId = await enabled(w, ent, ADVERT_ENTITIES[0]);
  const [{ code }] = await w.t.db.admin.query<{ code: string }>('select code from shops where id = $1', [shop]);
  const [{ code: product }] = await w.t.db.admin.query<{ code: string }>('select code from commodities where id = $1', [
    productId,
  ]);
  return {
    lineId: `M${n++}-${Date.now()}`,
    time: Date.UTC(2026, 0, 3, 4) / 1000,
    shopCode: code,
    productCode: product,
    quantity: 1,
    amount: 100,
  };
}
/** A line as a one-row CSV of the sales import (base64). */
const csvOf = (l: Awaited<ReturnType<typeof lineIn>>) =>
  Buffer.from(
    `明细编号,时间,门店编码,商品编码,数量,金额（元）\n${l.lineId},${l.time},${l.shopCode},${l.productCode},${l.quantity},${(l.amount / 100).toFixed(2)}\n`,
  ).toString('base64');
const saleIn = async (w: World, ent: TestEnterprise) =>
  void (await post(w.t, 'sale/report', { lines: [await lineIn(w, ent)] }, owner(ent)));

const PERIOD = { from: '2026-01-01', to: '2026-01-07', group: 'day' };
export const STATS_ROUTES: MatrixRoute[] = [
  { path: 'stats/pa', body: PERIOD },
  { path: 'stats/ad', body: PERIOD },
  { path: 'stats/home', body: {} },
  {
    path: 'stats/top',
    body: async (w) => (await saleIn(w, w.b), await saleIn(w, w.a), { ...PERIOD, kind: 'shops-by-sales' }),
  },
  {
    path: 'stats/export',
    body: async (w) => (await saleIn(w, w.b), await saleIn(w, w.a), { ...PERIOD, kind: 'sales' }),
  },
  { path: 'stats/sale', body: async (w) => (await saleIn(w, w.b), await saleIn(w, w.a), PERIOD) },
  { path: 'stats/pdt', body: async (w) => (await saleIn(w, w.b), await saleIn(w, w.a), PERIOD) },
  { path: 'stats/comm', body: PERIOD },
  { path: 'sale/list', body: async (w) => (await saleIn(w, w.b), await saleIn(w, w.a), {}) },
  { path: 'sale/report', body: async (w) => ({ lines: JSON.stringify([await lineIn(w, w.a)]) }) },
  { path: 'sale/import', body: async (w) => ({ name: 's.csv', mode: 'commit', file: csvOf(await lineIn(w, w.a)) }) },
  { path: 'sale/import-template', body: {} },
];
