/**
 * Costs bench (issue 24 §1): sale/list on ~82,000 sales lines spread over 400 days, on PGlite (one
 * connection: what one call holds, every other tenant waits for). `sale/list {}` now reads the last
 * 31 days; the longest period a caller may ask for (400 days) reads every line, as `{}` did before.
 * Short on purpose (the machine is shared): knobs BENCH_LINES, BENCH_ROUNDS.
 * Run: npx tsx bench/costs.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../packages/server/src/db/client.js';
import { seedStores } from './stores-seed.js';
import { prepare } from './stores-setup.js';
import { writeReadmeSection } from './scratch.js';
import { median, ms } from './config.js';

const LINES = Number(process.env.BENCH_LINES ?? 82_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const day = (d: Date) => d.toISOString().slice(0, 10);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-costs-'));
  const db = await openPglite({});
  try {
    const b = await prepare(db, dataDir, async (ent, user) => {
      await seedStores(db.admin, ent, user, 50, 0);
      await db.admin.query(
        `insert into commodities (enterprise_id, author_id, status, live_version, online, name, code, category, price)
         select $1, $2, 103, 1, 302, '商品' || g, 'P' || g, '类' || (g % 8), 1000 + g from generate_series(1, 100) g`,
        [ent, user],
      );
      await db.admin.query(
        `with s as (select array_agg(id order by id) as ids from shops where enterprise_id = $1),
              c as (select array_agg(id order by id) as ids from commodities where enterprise_id = $1)
         insert into sale_lines (enterprise_id, line_id, shop_id, commodity_id, quantity, amount, sold_at, local_day, local_hour)
         select $1, 'L' || g, s.ids[1 + g % 50], c.ids[1 + (g / 50) % 100], 1 + g % 3, 990 + g % 5000, t, t::date, extract(hour from t)::smallint
           from generate_series(1, $2::int) g, s, c,
                lateral (select date_trunc('day', now()) - (g % 400) * interval '1 day' + interval '9 hours' + (g % 36000) * interval '1 second' as t) tt`,
        [ent, LINES],
      );
      await db.admin.query('analyze sale_lines');
    });
    const to = new Date();
    const from = new Date(to.getTime() - 399 * 86_400_000);
    const cases = [
      { label: 'sale/list {} (the last 31 days)', body: {} },
      { label: 'sale/list over 400 days (every line: what {} read before)', body: { from: day(from), to: day(to) } },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const first = await b.call('sale/list', c.body);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = process.hrtime.bigint();
        await b.call('sale/list', c.body);
        times.push(ms(t0));
      }
      rows.push(
        `| ${c.label} | ${first.total} | ${median(times).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`,
      );
    }
    await b.app.close();
    const section = [
      `Run ${day(new Date())}, PGlite, ${LINES.toLocaleString('en')} sales lines over 400 days in 50 shops ` +
        `(seeded in ${(b.seedMs / 1000).toFixed(1)} s), ${ROUNDS} rounds.`,
      '',
      '| call | lines in the period | median | max |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n');
    console.log(section);
    writeReadmeSection(
      'costs',
      section,
      '## Bounded costs (bench/costs.ts, PGlite)\n\n`npx tsx bench/costs.ts` (knobs `BENCH_LINES`, ' +
        "`BENCH_ROUNDS`): what one sale/list holds PGlite's single connection for (issue 24 §1, " +
        'docs/decisions/0117).',
    );
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
