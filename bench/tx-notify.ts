// What reading the auth-change flag at commit costs (docs/decisions/0031): on PostgreSQL, `tx`
// sends `select current_setting(…); commit` instead of `commit` once the instance LISTENs, in the
// same round trip. Baseline in the same run: an identical Db that listens to nothing. Rounds
// alternate; reported: median transactions/s of each and their ratio. Usage:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tx-notify.ts
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPg, type Db } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { AUTH_CHANNEL } from '../packages/server/src/plugins/auth-cache.js';

const url = process.env.DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PER_ROUND = Number(process.env.BENCH_TX ?? 1500);
const CONCURRENCY = 8;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function round(db: Db): Promise<number> {
  let left = PER_ROUND;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await db.tx({ userId: 1 }, (q) => q.query('select 1'));
    }),
  );
  return PER_ROUND / (Number(process.hrtime.bigint() - t0) / 1e9);
}

async function main() {
  if (!url) throw new Error('set DATABASE_URL');
  const name = `vitrine_bench_tx_${randomBytes(3).toString('hex')}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const plain = await openPg(dbUrl, CONCURRENCY);
  const flagged = await openPg(dbUrl, CONCURRENCY);
  try {
    await migrate(plain);
    await flagged.listen(AUTH_CHANNEL, { notify: () => undefined });
    await round(plain);
    await round(flagged);
    const rates = { plain: [] as number[], flagged: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 ? (['flagged', 'plain'] as const) : (['plain', 'flagged'] as const);
      for (const k of order) rates[k].push(await round(k === 'plain' ? plain : flagged));
    }
    const [p, f] = [median(rates.plain), median(rates.flagged)];
    console.log(
      `tx/s commit only ${p.toFixed(0)}, commit + flag read ${f.toFixed(0)}, ratio ${(f / p).toFixed(3)} (${ROUNDS} rounds of ${PER_ROUND})`,
    );
  } finally {
    await plain.close();
    await flagged.close();
    await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
