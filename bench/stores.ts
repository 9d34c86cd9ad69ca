/**
 * Stores bench (issue 4, issue 7): 10,000 shops and 100,000 devices (direct SQL inserts), then
 * - shop/enable-list and device/enable-list through the real app (buildApp, app.inject: protocol,
 *   auth, permission bit, validation, the engine's paging statement acting for the caller, envelope)
 *   vs the same statement (the engine's own SQL text) sent raw through the same `pg` pool as the
 *   owner, no transaction — ratio of medians;
 * - a store manager's range-cut device list against the supervisor's, on PostgreSQL and on PGlite;
 * - geo/tree expansion (provinces → a province → a city → a district) through the app.
 * Needs DATABASE_URL (creates and drops vitrine_bench_stores_<pid>). Run: npx tsx bench/stores.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPg, openPglite } from '../packages/server/src/db/client.js';
import { DEVICE } from '../packages/server/src/records/device-entity.js';
import { SHOP } from '../packages/server/src/records/store-entities.js';
import { listSql } from '../packages/server/src/lifecycle/lists.js';
import { pageStatement } from '../packages/server/src/db/paging.js';
import { seedStores } from './stores-seed.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import { prepare, rangeCut } from './stores-setup.js';
import { median, ms } from './config.js';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const PGLITE_SHOPS = Number(process.env.BENCH_PGLITE_SHOPS ?? 2_000);
const PGLITE_DEVICES = Number(process.env.BENCH_PGLITE_DEVICES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

async function main() {
  const scratch = await scratchDatabase('stores');
  const dbUrl = scratch.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-stores-'));
  const db = await openPg(dbUrl, 10);
  const pool = db.pool;
  pool.on('error', () => undefined);
  try {
    // Seeded through a connection of its own, closed after; the raw side below sends its statement
    // through the server's own pool, as the owner, outside any transaction: calls take turns, so
    // both sides get the same idle connection (the pool hands out the last one returned) and so the
    // same backend process. With a client of its own the raw side ran on another backend, and one
    // backend answered the same statement with the same plan 1.5–2× faster than another for the
    // whole run (this machine's two cores differ: a busy loop takes 1.05 s on one, 0.68 s on the other).
    const b = await prepare(db, dataDir, async (ent, user) => {
      const seeder = new pg.Client({ connectionString: dbUrl });
      await seeder.connect();
      await seedStores(
        { query: async <T>(t: string, p?: unknown[]) => (await seeder.query(t, p)).rows as T[] },
        ent,
        user,
        SHOPS,
        DEVICES,
      );
      await seeder.end();
    });
    const scope = { enterpriseId: b.enterpriseId, range: null };
    const cases = [
      { label: 'shop/enable-list', path: 'shop/enable-list', cfg: SHOP },
      { label: 'device/enable-list', path: 'device/enable-list', cfg: DEVICE },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const filter = { pageNum: 1, pageSize: 10 };
      const one = pageStatement(listSql(c.cfg, scope, b.userId, 'enabled', filter), filter);
      const viaRaw = async () => {
        await pool.query(one.text, one.params);
      };
      for (let i = 0; i < 30; i++) {
        await b.call(c.path);
        await viaRaw();
      }
      const server: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0;
        if (order) {
          const a = process.hrtime.bigint();
          await b.call(c.path);
          server.push(ms(a));
        }
        const t = process.hrtime.bigint();
        await viaRaw();
        direct.push(ms(t));
        if (!order) {
          const a = process.hrtime.bigint();
          await b.call(c.path);
          server.push(ms(a));
        }
      }
      const total = (await b.call(c.path)).total;
      rows.push(
        `| ${c.label} (${total} enabled, page of 10) | ${median(server).toFixed(2)} ms | ` +
          `${median(direct).toFixed(2)} ms | ${(median(direct) / median(server)).toFixed(2)}× |`,
      );
    }
    rows.push(await rangeCut(b, ROUNDS, 'PostgreSQL'));
    rows.push(await pgliteRangeCut());

    const tree: string[] = [];
    let id = '';
    for (const level of [
      'provinces',
      'cities of the first province',
      'districts of its first city',
      'shops of its first district',
    ]) {
      const times: number[] = [];
      let first = '';
      let n = 0;
      for (let i = 0; i < ROUNDS / 2; i++) {
        const a = process.hrtime.bigint();
        const res = await b.call('geo/tree', { id });
        times.push(ms(a));
        first = res.list[0]?.id ?? '';
        n = res.list.length;
      }
      tree.push(`| geo/tree ${id ? `id=${id}` : '(top)'}: ${level} | ${n} nodes | ${median(times).toFixed(2)} ms |`);
      id = first;
    }
    const section = [
      `Run ${new Date().toISOString().slice(0, 10)}, PostgreSQL, ${SHOPS} shops and ${DEVICES} devices ` +
        `(seeded in ${(b.seedMs / 1000).toFixed(1)} s), ${ROUNDS} rounds, supervisor (whole enterprise); the ` +
        `PGlite row on ${PGLITE_SHOPS} shops and ${PGLITE_DEVICES} devices.`,
      '',
      '| list | server (app.inject) median | raw pg median | ratio raw ÷ server |',
      '|---|---|---|---|',
      ...rows,
      '',
      '| tree expansion | children | median |',
      '|---|---|---|',
      ...tree,
    ].join('\n');
    console.log(section);
    writeReadmeSection('stores', section, `## Stores (bench/stores.ts, PostgreSQL)`);
    await b.app.close();
  } finally {
    await db.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The range-cut comparison on the embedded database (issue 7 measured ~50 ms for a manager's 420 devices there). */
async function pgliteRangeCut(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-stores-pglite-'));
  const db = await openPglite({});
  try {
    const b = await prepare(db, dataDir, (ent, user) => seedStores(db.admin, ent, user, PGLITE_SHOPS, PGLITE_DEVICES));
    const row = await rangeCut(b, ROUNDS, 'PGlite');
    await b.app.close();
    return row;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
