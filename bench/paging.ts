/**
 * Paging strategies on PostgreSQL (issue 7 §2): for the list shapes the server runs, at the stores
 * bench's sizes (10,000 shops, 100,000 devices), one raw `pg` client times
 * - two statements: `count(*)` then the page (skipped past the end), the shape every list had;
 * - one statement: the count in a one-row subquery with the page joined laterally (db/paging.ts);
 * - one statement with `count(*) over ()` (a page past the end then needs a second count).
 * Rounds alternate the order. Needs DATABASE_URL (creates and drops vitrine_bench_paging_<pid>).
 * Run: DATABASE_URL=… npx tsx bench/paging.ts — prints a table; bench/README.md keeps the figures.
 */
import pg from 'pg';
import { migrate } from '../packages/server/src/db/migrate.js';
import { openPg } from '../packages/server/src/db/client.js';
import { pageStatement, type PageSql } from '../packages/server/src/db/paging.js';
import { DEVICE } from '../packages/server/src/records/device-entity.js';
import { SHOP } from '../packages/server/src/records/store-entities.js';
import { listSql } from '../packages/server/src/lifecycle/lists.js';
import { seedStores } from './stores-seed.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Strategy = { name: string; run: (c: pg.Client, sql: PageSql, pageNum: number) => Promise<number> };

const paging = (pageNum: number) => ({ pageNum, pageSize: 10 });
const STRATEGIES: Strategy[] = [
  {
    name: 'two statements',
    run: async (c, sql, pageNum) => {
      const { rows } = await c.query(
        `select count(*)::int as total from ${sql.countFrom ?? sql.from} where ${sql.where}`,
        sql.params,
      );
      if (rows[0].total > (pageNum - 1) * 10) {
        const n = sql.params.length;
        await c.query(
          `select ${sql.select} from ${sql.from} where ${sql.where} order by ${sql.order} limit $${n + 1} offset $${n + 2}`,
          [...sql.params, 10, (pageNum - 1) * 10],
        );
      }
      return rows[0].total;
    },
  },
  {
    name: 'one statement (count ⋈ lateral page)',
    run: async (c, sql, pageNum) => {
      const s = pageStatement(sql, paging(pageNum));
      return (await c.query(s.text, s.params)).rows[0].__total;
    },
  },
  {
    name: 'one statement (count(*) over ())',
    run: async (c, sql, pageNum) => {
      const n = sql.params.length;
      const { rows } = await c.query(
        `select count(*) over () as __total, ${sql.select} from ${sql.from} where ${sql.where} order by ${sql.order} limit $${n + 1} offset $${n + 2}`,
        [...sql.params, 10, (pageNum - 1) * 10],
      );
      if (rows.length) return Number(rows[0].__total);
      return (
        await c.query(`select count(*)::int as total from ${sql.countFrom ?? sql.from} where ${sql.where}`, sql.params)
      ).rows[0].total;
    },
  },
];

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench/paging.ts needs DATABASE_URL');
  const name = `vitrine_bench_paging_${process.pid}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const db = await openPg(dbUrl, 2);
  const raw = new pg.Client({ connectionString: dbUrl });
  try {
    await migrate(db);
    await raw.connect();
    const [{ id: user }] = (
      await raw.query(`insert into users (phone, nickname) values ('13800000000', 'bench') returning id`)
    ).rows;
    const [{ id: ent }] = (
      await raw.query(
        `insert into enterprises (code, title, status, creator_id) values ('BENCH1', 'Bench', 1, $1) returning id`,
        [user],
      )
    ).rows;
    await seedStores(
      raw,
      ent,
      user,
      Number(process.env.BENCH_SHOPS ?? 10_000),
      Number(process.env.BENCH_DEVICES ?? 100_000),
    );
    await raw.query(
      `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id, label, summary)
       select $1, $2, 3, 'update', 'shop', g::text, '门店' || g,
              jsonb_build_object('before', jsonb_build_object('name', 'a'), 'after', jsonb_build_object('name', 'b'))
         from generate_series(1, 50000) g`,
      [ent, user],
    );
    await raw.query('analyze');
    const scope = { enterpriseId: ent, range: null };
    const oplog = (keyword: string | null): PageSql => ({
      select: `o.id, extract(epoch from o.created_at)::int as time, coalesce(nullif(u.nickname, ''), u.phone) as operator,
               o.verb, o.entity, o.entity_id, o.label, o.summary`,
      from: 'oplog o join users u on u.id = o.user_id',
      where: 'o.enterprise_id = $1 and ($2::text is null or o.label ilike $2)',
      order: 'o.id desc',
      params: [ent, keyword],
    });
    const shapes: { label: string; sql: PageSql }[] = [
      { label: 'shop/enable-list (10,000)', sql: listSql(SHOP, scope, user, 'enabled', paging(1)) },
      { label: 'device/enable-list (100,000)', sql: listSql(DEVICE, scope, user, 'enabled', paging(1)) },
      {
        label: 'device/enable-list, keyword (≈11,000 match)',
        sql: listSql(DEVICE, scope, user, 'enabled', { ...paging(1), keyword: '屏1' }),
      },
      { label: 'shop/my-list (version join; 0 drafts)', sql: listSql(SHOP, scope, user, 'mine', paging(1)) },
      { label: 'oplog/list (50,000 rows)', sql: oplog(null) },
      { label: 'oplog/list, keyword (≈5,000 match)', sql: oplog('%门店1%') },
    ];
    const lines: string[] = [];
    for (const shape of shapes) {
      for (const pageNum of [1, 50]) {
        const times = STRATEGIES.map(() => [] as number[]);
        const totals = new Set<number>();
        for (let i = 0; i < 5; i++) for (const s of STRATEGIES) totals.add(await s.run(raw, shape.sql, pageNum));
        if (totals.size !== 1) throw new Error(`${shape.label}: strategies disagree on the total: ${[...totals]}`);
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 === 0 ? STRATEGIES.map((_, k) => k) : STRATEGIES.map((_, k) => STRATEGIES.length - 1 - k);
          for (const k of order) {
            const t0 = process.hrtime.bigint();
            await STRATEGIES[k].run(raw, shape.sql, pageNum);
            times[k].push(Number(process.hrtime.bigint() - t0) / 1e6);
          }
        }
        const base = median(times[0]);
        const ratio = (t: number[], k: number) => (k ? ` (${(median(t) / base).toFixed(2)}×)` : '');
        lines.push(
          `| ${shape.label}, page ${pageNum} | ${times.map((t, k) => `${median(t).toFixed(2)} ms${ratio(t, k)}`).join(' | ')} |`,
        );
      }
    }
    console.log(
      [
        `Paging on PostgreSQL, ${ROUNDS} rounds, median per list call (ratio to two statements):`,
        '',
        `| list | ${STRATEGIES.map((s) => s.name).join(' | ')} |`,
        `|---|${STRATEGIES.map(() => '---').join('|')}|`,
        ...lines,
      ].join('\n'),
    );
  } finally {
    await raw.end().catch(() => undefined);
    await db.close();
    await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
  }
}

await main();
