import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { buildApp } from '../src/app.js';
import { openPg, type Db } from '../src/db/client.js';
import { invalidated, post, testConfig, useTestApp, type TestApp } from './harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from './factories.js';

// Two instances on one database, each with a long auth cache: a change committed through one is
// forgotten by the other once its notification arrives (triggers of 0030_auth_notify.sql + LISTEN),
// and by the one that made it before it answers. On PGlite both share the one embedded session.

const LONG = 10 * 60_000;
const a = useTestApp({}, LONG);
const b = {} as TestApp;
let bDb: Db | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-b-'));
  bDb = a.url ? await openPg(a.url, 2) : undefined;
  const db = bDb ?? a.db;
  const config = testConfig(dir);
  const built = await buildApp({ config, db, authCacheMs: LONG });
  await built.app.ready();
  Object.assign(b, { app: built.app, deps: built.deps, db, config });
});
afterAll(async () => {
  await b.app?.close();
  await bDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('auth cache across instances', () => {
  it('a token revoked on A is refused on B once the notification arrived, and on A at once', async () => {
    const u = await makeUser(a);
    const v = await makeUser(a);
    expect((await post(b, 'account/info', {}, u.headers)).body.ret).toBe(0); // cached on B
    expect((await post(a, 'account/info', {}, v.headers)).body.ret).toBe(0); // cached on A
    const before = b.deps.cache.invalidations;
    expect((await post(a, 'account/logout', {}, u.headers)).body.ret).toBe(0);
    await invalidated(b, before);
    expect((await post(b, 'account/info', {}, u.headers)).body.ret).toBe(RET.unauthenticated);
    // on the instance that made the change, the next call already misses (no waiting)
    expect((await post(a, 'account/logout', {}, v.headers)).body.ret).toBe(0);
    expect((await post(a, 'account/info', {}, v.headers)).body.ret).toBe(RET.unauthenticated);
  });

  it('a member removed on A is refused on B (10017); a new login is not a change', async () => {
    const ent = await makeEnterprise(a);
    const m = await makeUser(a, 'member');
    const node = await addMemberWithRole(a, ent, m, 1);
    const as = tenantHeaders(m, ent, node);
    expect((await post(b, 'account/menu', {}, as)).body.ret).toBe(0); // cached on B
    const quiet = b.deps.cache.invalidations;
    await makeUser(a); // inserting a session changes nothing cached
    expect((await post(a, 'account/info', {}, m.headers)).body.ret).toBe(0);
    const before = b.deps.cache.invalidations;
    expect(before).toBe(quiet);
    const owner = tenantHeaders(ent.owner, ent, ent.ownerRole);
    expect((await post(a, 'company/remove-member', { userId: m.id }, owner)).body.ret).toBe(0);
    await invalidated(b, before);
    expect((await post(b, 'account/menu', {}, as)).body.ret).toBe(RET.tenantInvalid);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'B reconnects its LISTEN connection and, meanwhile, caches nothing',
    async () => {
      const u = await makeUser(a);
      expect((await post(b, 'account/info', {}, u.headers)).body.ret).toBe(0);
      const [{ n }] = await a.db.admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'vitrine-listen' and datname = current_database()`,
      );
      expect(n).toBeGreaterThanOrEqual(1);
      const end = Date.now() + 15_000;
      // deaf: nothing is trusted; then live again
      while (b.deps.cache.isLive && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      while (!b.deps.cache.isLive && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      expect(b.deps.cache.isLive).toBe(true);
      expect((await post(b, 'account/info', {}, u.headers)).body.ret).toBe(0);
      const before = b.deps.cache.invalidations;
      expect((await post(a, 'account/logout', {}, u.headers)).body.ret).toBe(0);
      await invalidated(b, before);
      expect((await post(b, 'account/info', {}, u.headers)).body.ret).toBe(RET.unauthenticated);
    },
  );
});
