/**
 * Advertising bench (issue 9 §8), PostgreSQL (needs DATABASE_URL; creates and drops
 * vitrine_bench_advert_<pid>). Run: DATABASE_URL=… npx tsx bench/advert.ts
 *
 * 1. What a screen plays under 200 launched plans: the device API's playlist source with its cache
 *    off (advert/playlists.ts: the plans, contents and files read through the server's Db, the
 *    screen's place, then the pure resolution over 7 days) against the same four statements sent
 *    raw through the same pool (no resolution). Goal: median ≤ 5 ms.
 * 2. A plan's screens over 100,000 devices: `ad-plan/device-list` through the app (protocol, auth,
 *    the plan's record, the resolution per screen of the page) against its count and page
 *    statements (`planDevicesSql`) raw through the same pool. Goal: median ≤ 200 ms.
 * Turns alternate between the two sides on one pool, so both get the same backend (bench/README.md,
 * stores bench). Results go into bench/README.md between the markers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPg } from '../packages/server/src/db/client.js';
import { advertPlaylists, loadWorld } from '../packages/server/src/advert/playlists.js';
import { localDayOf } from '../packages/server/src/lib/local-time.js';
import { planDevicesSql } from '../packages/server/src/domains/advert/plans.js';
import { targetsOf } from '../packages/server/src/lifecycle/targets.js';
import { seedStores } from './stores-seed.js';
import { prepare } from './stores-setup.js';
import { median, ms } from './config.js';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 200);
const CONTENTS = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const README = join(import.meta.dirname, 'README.md');
const START = '<!-- advert-bench:start -->';
const END = '<!-- advert-bench:end -->';

/** 40 contents of 3 pictures each (big/pad × landscape/portrait) and 200 launched plans over the seeded regions. */
async function seedAdvert(q: pg.Client, ent: number, user: number): Promise<void> {
  await q.query(
    `insert into files (enterprise_id, user_id, sha256, storage_key, kind, name, mime, ext, type, size, width, height)
     select $1, $2, md5('f' || g) || md5('g' || g), 'k' || g, 'material', 'f' || g || '.jpg', 'image/jpeg', 'jpg', 2, 100000, 1920, 1080
       from generate_series(1, $3::int) g`,
    [ent, user, CONTENTS * 3],
  );
  await q.query(
    `insert into ad_contents (enterprise_id, author_id, status, live_version, online, name, ad_type, device_type, orientation, items)
     select $1, $2, 103, 1, 302, '内容' || g, 'main', case when g % 2 = 0 then 'big' else 'pad' end, (g / 2) % 2,
            (select jsonb_agg(jsonb_build_object('fileId', f.id, 'durationMs', 10000))
              from (select id from files where enterprise_id = $1 order by id offset (g - 1) * 3 limit 3) f)
       from generate_series(1, $3::int) g`,
    [ent, user, CONTENTS],
  );
  const regions = await q.query<{ p: string; c: string; a: string }>(
    `select distinct province as p, city as c, district as a from shops where enterprise_id = $1 order by 3`,
    [ent],
  );
  const contents = (
    await q.query<{ id: number }>('select id from ad_contents where enterprise_id = $1 order by id', [ent])
  ).rows.map((r) => r.id);
  const plans = Array.from({ length: PLANS }, (_, i) => {
    const r = regions.rows[(i * 7) % regions.rows.length];
    const targets =
      i % 3 === 0
        ? { p: [r.p] }
        : i % 3 === 1
          ? { c: [r.c] }
          : { a: [r.a, regions.rows[(i * 13) % regions.rows.length].a] };
    return {
      name: `计划${i}`,
      priority: 1 + (i % 10),
      is_default: i < 3 ? 1 : 0,
      dayparts:
        i % 4 === 0
          ? []
          : [
              {
                from: `${String(6 + (i % 12)).padStart(2, '0')}:00`,
                to: `${String(8 + (i % 14)).padStart(2, '0')}:30`,
              },
            ],
      weekdays: i % 5 === 0 ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6],
      contents: [0, 1, 2, 3].map((k) => ({ contentId: contents[(i + k) % contents.length], weight: 1 + k })),
      targets: { p: [], c: [], a: [], s: [], d: [], ...targets },
    };
  });
  await q.query(
    `insert into ad_plans (enterprise_id, author_id, status, live_version, online, name, date_from, date_to, weekdays,
                           dayparts, priority, targets, contents, is_default)
     select $1, $2, 103, 1, 302, x.name, current_date - 10, current_date + 90, x.weekdays, x.dayparts, x.priority, x.targets, x.contents, x.is_default
       from jsonb_to_recordset($3::jsonb) as x(name text, weekdays jsonb, dayparts jsonb, priority int, targets jsonb, contents jsonb, is_default int)`,
    [ent, user, JSON.stringify(plans)],
  );
  await q.query(
    `insert into record_versions (enterprise_id, entity, record_id, version, status, apply_status, data, author_id)
     select $1, 'ad-plan', id, 1, 103, 202, jsonb_build_object('name', name, 'dateFrom', date_from::text, 'dateTo', date_to::text, 'weekdays', weekdays,
            'dayparts', dayparts, 'priority', priority, 'targets', targets, 'contents', contents, 'deviceType', device_type, 'orientation', orientation,
            'aiPitches', ai_pitches), $2 from ad_plans where enterprise_id = $1`,
    [ent, user],
  );
  await q.query('vacuum analyze');
}

/** Alternating turns, 20 warm-up calls each; the two medians. */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 20; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const first = i % 2 === 0 ? ([a, sa, b, sb] as const) : ([b, sb, a, sa] as const);
    let t = process.hrtime.bigint();
    await first[0]();
    first[1].push(ms(t));
    t = process.hrtime.bigint();
    await first[2]();
    first[3].push(ms(t));
  }
  return [median(sa), median(sb)];
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench/advert.ts needs DATABASE_URL (PostgreSQL): it compares the server with raw pg');
  const name = `vitrine_bench_advert_${process.pid}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-advert-'));
  const db = await openPg(dbUrl, 10);
  const pool = db.pool;
  pool.on('error', () => undefined);
  try {
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
      await seedAdvert(seeder, ent, user);
      await seeder.end();
    });
    const raw = async (text: string, params: unknown[]) => (await pool.query(text, params)).rows;

    // 1. a screen's playlist under 200 plans
    const [screen] = (await raw(
      `select d.id, d.shop_id, d.type, d.orientation::int as orientation from devices d join shops s on s.id = d.shop_id
        where d.enterprise_id = $1
          and s.province = (select targets->'p'->>0 from ad_plans where enterprise_id = $1 and targets->'p' <> '[]' order by id limit 1)
        order by d.id limit 1`,
      [b.enterpriseId],
    )) as { id: number; shop_id: number; type: string; orientation: number }[];
    const source = advertPlaylists(db, { ttlMs: 0 });
    const now = new Date();
    const tz = 'Asia/Shanghai';
    const scope = { enterpriseId: b.enterpriseId, deviceId: screen.id, shopId: screen.shop_id };
    const device = { type: screen.type, orientation: screen.orientation, timezone: tz };
    const served = await source.playlistFor(scope as never, device as never, now);
    const day = localDayOf(tz, now.getTime());
    const statements: { text: string; params: unknown[] }[] = [];
    await loadWorld(
      async (text, params) => {
        statements.push({ text, params });
        return raw(text, params) as never;
      },
      b.enterpriseId,
      day,
    );
    statements.push({
      text: 'select province, city, district from shops where enterprise_id = $1 and id = $2',
      params: [b.enterpriseId, screen.shop_id],
    });
    const [resolution, rawReads] = await compare(
      () => source.playlistFor(scope as never, device as never, new Date()),
      async () => {
        for (const s of statements) await raw(s.text, s.params);
      },
    );

    // 2. a plan's screens over 100,000 devices: the plan aimed at the most devices
    const [plan] = (await raw(
      `select p.id, p.targets, count(d.id)::int as n from ad_plans p join shops s on s.enterprise_id = p.enterprise_id
         and (s.province = any(array(select jsonb_array_elements_text(p.targets->'p'))) or s.city = any(array(select jsonb_array_elements_text(p.targets->'c')))
              or s.district = any(array(select jsonb_array_elements_text(p.targets->'a'))))
         join devices d on d.shop_id = s.id where p.enterprise_id = $1 group by p.id order by n desc limit 1`,
      [b.enterpriseId],
    )) as { id: number; targets: unknown; n: number }[];
    const paging = { pageNum: 1, pageSize: 10 };
    const sql = planDevicesSql(b.enterpriseId, targetsOf(plan.targets), null, paging);
    const [list, rawList] = await compare(
      () => b.call('ad-plan/device-list', { id: plan.id, ...paging }),
      async () => {
        await raw(sql.count.text, sql.count.params);
        await raw(sql.rows.text, sql.rows.params);
      },
    );

    const section = [
      `Run ${new Date().toISOString().slice(0, 10)}, PostgreSQL, ${SHOPS} shops, ${DEVICES} devices, ` +
        `${PLANS} launched plans over ${CONTENTS} contents (seeded in ${(b.seedMs / 1000).toFixed(1)} s), ` +
        `${ROUNDS} rounds.`,
      '',
      '| what | server median | raw pg median (same statements) | ratio raw ÷ server | goal |',
      '|---|---|---|---|---|',
      `| a screen's playlist (${served.segments.length} segments over 7 days, ${served.files.length} ` +
        `files), cache off | ${resolution.toFixed(2)} ms | ${rawReads.toFixed(2)} ms | ` +
        `${(rawReads / resolution).toFixed(2)}× | ≤ 5 ms ${resolution <= 5 ? '✓' : '✗'} |`,
      `| ad-plan/device-list, a plan reaching ${plan.n} screens, page of 10 | ${list.toFixed(2)} ms | ` +
        `${rawList.toFixed(2)} ms | ${(rawList / list).toFixed(2)}× | ≤ 200 ms ${list <= 200 ? '✓' : '✗'} |`,
    ].join('\n');
    console.log(section);
    const text = readFileSync(README, 'utf8');
    const a = text.indexOf(START);
    const e = text.indexOf(END);
    if (a >= 0 && e > a) writeFileSync(README, `${text.slice(0, a + START.length)}\n${section}\n${text.slice(e)}`);
    else
      writeFileSync(
        README,
        `${text.trimEnd()}\n\n## Advertising (bench/advert.ts, PostgreSQL)\n\n` +
          "What a screen plays under 200 launched plans (the device API's playlist source, cache off) and a plan's " +
          'screens over 100,000 devices, each against the same statements sent raw through the same pool. ' +
          'Rerun: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/advert.ts`.' +
          `\n\n${START}\n${section}\n${END}\n`,
      );
    await b.app.close();
  } finally {
    await db.close();
    await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
