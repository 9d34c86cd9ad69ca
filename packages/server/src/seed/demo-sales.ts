import { ROLE, SALE_BATCH_MAX } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { reportSales } from '../domains/sales/report.js';
import { epochOf, localDayOf } from '../lib/local-time.js';
import { hourlyRate, poisson, seeded } from '../sim/visitors.js';
import { ctxFor, type DemoPerson } from './demo-stores.js';

// The demo's sales (issue 11 §2): 90 days of lines per shop, product and employee, reported through
// sale/report's service in batches of 500, the path a point-of-sale system takes — never written
// into the table. Orders follow the visitors' hourly curve (a share of those who walk past buy),
// within the shops' opening hours, so sales per 100 visitors are plausible.

const DAYS = 90;
/** Orders per expected visitor of the shop's entrance screen. */
const CONVERSION = 0.025;
const OPEN = { from: 9, to: 22 };

export async function seedDemoSales(
  deps: Deps,
  opts: { enterpriseId: number; supervisor: DemoPerson; now?: Date },
): Promise<{ lines: number }> {
  const scope = { enterpriseId: opts.enterpriseId, userId: opts.supervisor.id };
  const ctx = await deps.db.tx(scope, (q) => ctxFor(q, opts.enterpriseId, opts.supervisor, ROLE.supervisor));
  const [{ n }] = await deps.db.tx(scope, (q) =>
    q.query<{ n: number }>('select count(*)::int as n from sale_lines where enterprise_id = $1', [opts.enterpriseId]),
  );
  if (n > 0) return { lines: 0 };
  const { shops, products, staff, tz } = await deps.db.tx(scope, async (q) => ({
    shops: await q.query<{ id: number; code: string; level: number }>(
      'select id, code, level from shops where enterprise_id = $1 and live_version is not null and deleted_at is null order by id',
      [opts.enterpriseId],
    ),
    products: await q.query<{ code: string; price: string }>(
      'select code, price from commodities where enterprise_id = $1 and live_version is not null and deleted_at is null order by id',
      [opts.enterpriseId],
    ),
    staff: await q.query<{ shop_id: number; phone: string }>(
      'select shop_id, phone from employees where enterprise_id = $1 and live_version is not null and deleted_at is null order by id',
      [opts.enterpriseId],
    ),
    tz: (await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [opts.enterpriseId]))[0]
      .tz,
  }));
  if (!shops.length || !products.length) return { lines: 0 };
  const clerks = new Map<number, string[]>();
  for (const s of staff) clerks.set(s.shop_id, [...(clerks.get(s.shop_id) ?? []), s.phone]);
  const rng = seeded(opts.enterpriseId * 7919);
  const now = opts.now ?? new Date();
  const today = localDayOf(tz, now.getTime());
  let batch: Record<string, unknown>[] = [];
  let lines = 0;
  const send = async () => {
    if (!batch.length) return;
    const r = await reportSales(deps, ctx, { lines: batch }, now);
    lines += r.accepted;
    batch = [];
  };
  for (let back = DAYS; back >= 0; back--) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    for (const shop of shops) {
      const weight = [1.4, 1, 0.7][shop.level - 1] ?? 1;
      for (let hour = OPEN.from; hour < OPEN.to; hour++) {
        const orders = poisson(hourlyRate(hour, weekday, weight) * CONVERSION, rng);
        for (let k = 0; k < orders; k++) {
          const at = epochOf(tz, day, hour * 60) + Math.floor(rng() * 3600);
          if (at > now.getTime() / 1000) continue;
          const product = products[Math.floor(rng() * rng() * products.length)];
          const quantity = 1 + Math.floor(rng() * rng() * 4);
          const who = clerks.get(shop.id);
          batch.push({
            lineId: `DEMO-${shop.id}-${day}-${hour}-${k}`,
            time: at,
            shopCode: shop.code,
            productCode: product.code,
            quantity,
            amount: Number(product.price) * quantity,
            ...(who?.length ? { employeeCode: who[Math.floor(rng() * who.length)] } : {}),
          });
          if (batch.length === SALE_BATCH_MAX) await send();
        }
      }
    }
  }
  await send();
  return { lines };
}
