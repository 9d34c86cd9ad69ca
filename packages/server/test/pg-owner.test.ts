import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openPg } from '../src/db/client.js';
import { migrate, migrationFiles } from '../src/db/migrate.js';
import { withDb } from './global-setup.js';
import { post, testConfig, type TestApp } from './harness.js';
import { makeEnterprise, tenantHeaders } from './factories.js';

// PostgreSQL as a managed service runs it: the owner is not a superuser but has CREATEROLE and
// CREATEDB, and two installs may share a cluster (each its own DB_APP_ROLE). Also: instances that
// start together on an empty database migrate it once.

const url = process.env.DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
let admin: pg.Client;

beforeAll(async () => {
  if (!url) return;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

const asUser = (u: string, user: string, db: string) => {
  const x = new URL(withDb(u, db));
  x.username = user;
  return x.toString();
};

describe.skipIf(!url)('PostgreSQL owners and instances', () => {
  it('a CREATEROLE owner that is not a superuser migrates, acts as its own app role and serves', async () => {
    const owner = `vitrine_owner_${suffix}`;
    const role = `vitrine_app_${suffix}`;
    const name = `vitrine_own_${suffix}`;
    await admin.query(`create role ${owner} login createrole createdb`);
    const ownerAdmin = new pg.Client({ connectionString: asUser(url!, owner, 'postgres') });
    await ownerAdmin.connect();
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-owner-'));
    const t = {} as TestApp;
    try {
      await ownerAdmin.query(`create database ${name}`);
      const db = await openPg(asUser(url!, owner, name), 2, { appRole: role });
      t.db = db;
      await migrate(db);
      const [who] = await db.admin.query<{ super: boolean; member: boolean }>(
        `select rolsuper as super, pg_has_role(current_user, $1, 'MEMBER') as member from pg_roles where rolname = current_user`,
        [role],
      );
      expect(who).toEqual({ super: false, member: true });
      const built = await buildApp({ config: testConfig(dir), db });
      Object.assign(t, { app: built.app, deps: built.deps, config: built.deps.config });
      const ent = await makeEnterprise(t);
      const menu = await post(t, 'account/menu', {}, tenantHeaders(ent.owner, ent, ent.ownerRole));
      expect(menu.body.ret).toBe(0);
      const [me] = await db.tx({}, (q) => q.query<{ current_user: string }>('select current_user'));
      expect(me.current_user).toBe(role);
    } finally {
      await t.app?.close();
      await t.db?.close();
      await ownerAdmin.query(`drop database if exists ${name} with (force)`);
      await ownerAdmin.query(`drop role if exists ${role}`);
      await ownerAdmin.end();
      await admin.query(`drop role if exists ${owner}`);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two instances migrating one empty database together: one migrates, the other waits and finds it done', async () => {
    const name = `vitrine_race_${suffix}`;
    await admin.query(`create database ${name}`);
    const [one, two] = [await openPg(withDb(url!, name), 2), await openPg(withDb(url!, name), 2)];
    try {
      const results = await Promise.all([migrate(one), migrate(two)]);
      const all = migrationFiles().map((m) => m.name);
      expect(results.map((r) => r.length).sort()).toEqual([0, all.length]);
      const rows = await one.admin.query<{ name: string }>('select name from schema_migrations order by name');
      expect(rows.map((r) => r.name)).toEqual(all);
    } finally {
      await one.close();
      await two.close();
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  });
});
