import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/harness.js';
import { RedisRelay } from './relay.js';

// Notifications through Redis (REDIS_URL, db/relay.ts): one instance relays PostgreSQL's
// notifications, every instance hears each once; when the relaying session dies another takes
// over and everyone is told to check again; a subscriber whose Redis connection dropped is not
// live meanwhile and checks again when back. PostgreSQL and Redis only.

const redisUrl = process.env.REDIS_URL;
const skip = !process.env.DATABASE_URL || !redisUrl;
const CHANNEL = 'vitrine_live';

type Heard = { payloads: (string | undefined)[]; live: boolean[] };
const hear = async (relay: RedisRelay): Promise<Heard> => {
  const h: Heard = { payloads: [], live: [] };
  await relay.add(CHANNEL, { notify: (p) => h.payloads.push(p), live: (l) => h.live.push(l) });
  return h;
};
const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip)('notifications through Redis', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let admin: pg.Client;
  const relays: RedisRelay[] = [];
  beforeAll(async () => {
    db = await testDatabase();
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const r of relays) await r.close();
    await admin?.end();
    await db?.drop();
  });
  const open = () => {
    const r = new RedisRelay(db.url!, redisUrl!);
    relays.push(r);
    return r;
  };
  const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [CHANNEL, payload]);

  it('one instance relays; every instance hears a notification once, the next one relays when its session dies', async () => {
    const [a, b, c] = [open(), open(), open()];
    const heard = [await hear(a), await hear(b), await hear(c)];
    await until(() => relays.filter((r) => r.relaying).length === 1);
    // the relay announced itself with "check everything" (to those subscribed by then); count after it
    await sleep(300);
    for (const h of heard) h.payloads.length = 0;
    expect(heard.every((h) => h.live.at(-1) === true)).toBe(true);

    await notify('c:1:2');
    await until(() => heard.every((h) => h.payloads.length >= 1));
    await sleep(300); // a second relay would have doubled it by now
    for (const h of heard) expect(h.payloads).toEqual(['c:1:2']);
    expect(relays.filter((r) => r.relaying)).toHaveLength(1);
    // PostgreSQL has one listening relay session for the three, the others wait for its lock
    const sessions = async () =>
      (
        await admin.query<{ waiting: boolean; n: number }>(
          `select wait_event_type = 'Lock' as waiting, count(*)::int as n from pg_stat_activity
            where application_name = 'vitrine-relay' and datname = current_database() group by 1 order by 1`,
        )
      ).rows;
    const expected = [
      { waiting: false, n: 1 },
      { waiting: true, n: 2 },
    ];
    for (let i = 0; i < 50 && JSON.stringify(await sessions()) !== JSON.stringify(expected); i++) await sleep(100);
    expect(await sessions()).toEqual(expected);

    // the relaying instance's session dies (kill -9, a cut connection): another relays at once
    const was = relays.find((r) => r.relaying)!;
    for (const h of heard) h.payloads.length = 0;
    await admin.query(
      `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity s using (pid)
        where l.locktype = 'advisory' and l.granted and s.application_name = 'vitrine-relay' and s.datname = current_database()`,
    );
    await until(() => relays.some((r) => r.relaying && r !== was));
    await until(() => heard.every((h) => h.payloads.includes(undefined))); // "check everything"
    for (const h of heard) h.payloads.length = 0;
    await notify('p:7');
    await until(() => heard.every((h) => h.payloads.length >= 1));
    await sleep(300);
    for (const h of heard) expect(h.payloads).toEqual(['p:7']);
    expect(relays.filter((r) => r.relaying)).toHaveLength(1);
  });

  it('a subscriber whose Redis connection dropped is not live until it is back, then checks everything', async () => {
    const r = open();
    const h = await hear(r);
    await until(() => relays.filter((x) => x.relaying).length === 1);
    await until(() => h.live.at(-1) === true);
    const probe = new Redis(redisUrl!);
    try {
      // every subscriber connection of these relays; each is resubscribed on its own
      const list = String(await probe.client('LIST'));
      const ids = [...list.matchAll(/^id=(\d+) .*name=vitrine-sub /gm)].map((m) => m[1]);
      h.payloads.length = 0;
      h.live.length = 0;
      for (const id of ids) await probe.client('KILL', 'ID', id);
    } finally {
      probe.disconnect();
    }
    await until(() => h.live.includes(false) && h.live.at(-1) === true);
    await until(() => h.payloads.includes(undefined));
    h.payloads.length = 0;
    await notify('k:3');
    await until(() => h.payloads.length >= 1);
    expect(h.payloads).toEqual(['k:3']);
  });
});
