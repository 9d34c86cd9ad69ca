import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';
import { makeEnterprise } from './factories.js';

// The tenancy backstop: tenant tables have row-level security and the server's role is not a
// superuser, so a tenant query without the enterprise setting sees nothing.

const t = useTestApp();

/**
 * Tables with an enterprise_id column that are deliberately not under RLS, with the reason. Every
 * other such table must have RLS on and a policy: the check reads the catalogue, so a new table
 * cannot be forgotten.
 */
const NOT_TENANT: Record<string, string> = {};

/** Tables a user also reads across enterprises by their own user_id (their memberships, inbox, applications). */
const OWN_USER: Record<string, string> = {
  members: 'a user lists the enterprises they belong to',
  role_entries: 'a user reads their own roles in each enterprise',
  join_applications: 'a user follows their own applications to join',
  messages: 'a user reads their own inbox',
};

async function tenantTables() {
  const rows = await t.db.admin.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'enterprise_id' and t.table_type = 'BASE TABLE'
      order by 1`,
  );
  return rows.map((r) => r.table_name).filter((n) => !(n in NOT_TENANT));
}

describe('row-level security', () => {
  it('the server role is not a superuser and cannot bypass RLS', async () => {
    const [row] = await t.db.tx({}, (q) =>
      q.query<{ rolsuper: boolean; rolbypassrls: boolean; current_user: string }>(
        'select r.rolsuper, r.rolbypassrls, current_user from pg_roles r where r.rolname = current_user',
      ),
    );
    expect(row).toEqual({ rolsuper: false, rolbypassrls: false, current_user: 'vitrine_app' });
  });

  it('every table with an enterprise_id has RLS on and a policy (read from the catalogue)', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(10);
    const rows = await t.db.admin.query<{ relname: string; rls: boolean; policies: number }>(
      `select c.relname, c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relname = any($1::text[])`,
      [tables],
    );
    const missing = rows.filter((r) => !r.rls || r.policies === 0).map((r) => r.relname);
    expect(missing).toEqual([]);
    expect(rows).toHaveLength(tables.length);
  });

  it('each policy is exactly the tenant rule (or, named here, the tenant-or-own-user rule), for reads and writes', async () => {
    const tables = await tenantTables();
    const rows = await t.db.admin.query<{
      tablename: string;
      cmd: string;
      roles: string;
      qual: string | null;
      with_check: string | null;
    }>(
      `select tablename, cmd, roles::text as roles, qual, with_check from pg_policies where schemaname = current_schema() and tablename = any($1::text[])`,
      [tables],
    );
    // the catalogue's deparsed text, without layout and column aliases, so both databases read alike
    const norm = (e: string | null) =>
      (e ?? '')
        .replace(/\s+AS\s+app_\w+/gi, '')
        .replace(/[\s()]+/g, ' ')
        .trim()
        .toLowerCase();
    const TENANT = norm('(enterprise_id = (select app_enterprise()))');
    const OR_USER = norm('((enterprise_id = (select app_enterprise())) or (user_id = (select app_user())))');
    const wrong = rows
      .filter(
        (r) =>
          r.cmd !== 'ALL' ||
          r.roles !== '{public}' ||
          norm(r.qual) !== (r.tablename in OWN_USER ? OR_USER : TENANT) ||
          (r.with_check !== null && norm(r.with_check) !== norm(r.qual)),
      )
      .map((r) => `${r.tablename}: ${r.cmd} ${r.roles} using ${r.qual} check ${r.with_check}`);
    expect(wrong).toEqual([]);
    expect(rows.map((r) => r.tablename).sort()).toEqual([...tables].sort());
  });

  it('a tenant query without the enterprise setting sees no rows; with it, only its own', async () => {
    const a = await makeEnterprise(t);
    const b = await makeEnterprise(t);
    const all = await t.db.admin.query<{ n: number }>('select count(*)::int as n from departments');
    expect(all[0].n).toBeGreaterThanOrEqual(2);
    const none = await t.db.tx({}, (q) => q.query<{ n: number }>('select count(*)::int as n from departments'));
    expect(none[0].n).toBe(0);
    const own = await t.db.tx({ enterpriseId: a.companyId }, (q) =>
      q.query<{ enterprise_id: number }>('select distinct enterprise_id from jobs'),
    );
    expect(own).toEqual([{ enterprise_id: a.companyId }]);
    // writing into another tenant is refused by the policy
    await expect(
      t.db.tx({ enterpriseId: a.companyId }, (q) =>
        q.query('insert into departments (enterprise_id, name) values ($1, $2)', [b.companyId, 'x']),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('a user sees their own memberships across enterprises, not other people’s', async () => {
    const a = await makeEnterprise(t);
    const rows = await t.db.tx({ userId: a.owner.id }, (q) =>
      q.query<{ user_id: number }>('select distinct user_id from members'),
    );
    expect(rows).toEqual([{ user_id: a.owner.id }]);
  });
});

describe('device-loop functions past row-level security', () => {
  it('answer only the rows their arguments name, and only to the app role', async () => {
    const none = await t.db.tx({}, (q) => q.query('select * from device_auth($1::text[])', [['0'.repeat(64)]]));
    expect(none).toEqual([]);
    // the presence flush refuses a device under another enterprise's id (nothing written)
    const n = await t.db.tx({}, (q) =>
      q.query<{ n: number }>('select device_presence_flush($1::jsonb) as n', [
        JSON.stringify([{ device_id: 1, enterprise_id: 999999, t_first: 1, t_seen: 1, hb_interval: 60 }]),
      ]),
    );
    expect(n[0].n).toBe(0);
    const grants = await t.db.admin.query<{ routine_name: string }>(
      `select routine_name from information_schema.role_routine_grants where grantee = 'PUBLIC' and routine_name like 'device_%'`,
    );
    expect(grants).toEqual([]);
  });
});

describe('policies read the scope once per statement', () => {
  it('every policy reads app_enterprise() and app_user() through a scalar subquery (an InitPlan)', async () => {
    const rows = await t.db.admin.query<{ tablename: string; qual: string }>(
      "select tablename, qual from pg_policies where schemaname = current_schema() and (qual like '%app_enterprise()%' or qual like '%app_user()%')",
    );
    expect(rows.length).toBeGreaterThan(10);
    const bare = rows.filter((r) =>
      r.qual.replace(/\(\s*select app_(enterprise|user)\(\)[^)]*\)/gi, '').match(/app_(enterprise|user)\(\)/),
    );
    expect(bare.map((r) => `${r.tablename}: ${r.qual}`)).toEqual([]);
  });
});
