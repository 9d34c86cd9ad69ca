import { describe, expect, it } from 'vitest';
import { allCalls, api, verbOf, verbsOf, type CallDef, type OpLog } from '@vitrine/contract';
import { post, useTestApp, type TestApp } from './harness.js';
import { TENANT_ROUTES } from './matrix/index.js';
import { world, type World } from './matrix/types.js';
import { makeUser, tenantHeaders } from './factories.js';

// The operation log, derived from the contract: every call that declares a verb writes its entry
// (with that verb and entity) in the mutation's transaction; every other call writes none. Tenant
// calls replay their isolation-matrix row as the main admin; the user-level calls that act on an
// enterprise have a row here. A call that writes without a declaration fails on its own (checkWrites).

const t = useTestApp();

type Row = {
  id: number;
  verb: string;
  entity: string;
  entity_id: string;
  label: string;
  user_id: number;
  summary: { after?: { selfApproved?: boolean } } | null;
};
type Body = Record<string, unknown>;
type Case = {
  path: string;
  body: (w: World) => Promise<Body>;
  as: (w: World) => Promise<Record<string, string>>;
  enterprise: (w: World, res: Body) => number;
};

const owner = (w: World) => tenantHeaders(w.a.owner, w.a, w.a.ownerRole);

const USER_CALLS: Case[] = [
  {
    path: 'company/create',
    body: async () => ({ title: 'Oplog Co' }),
    as: async (w) => w.a.owner.headers,
    enterprise: (_w, res) => Number(res.companyId),
  },
  {
    path: 'company/apply-join',
    body: async (w) => ({ enCode: w.a.companyCode }),
    as: async (w) => (await makeUser(w.t, '申请人')).headers,
    enterprise: (w) => w.a.companyId,
  },
  {
    path: 'company/accept-invite',
    body: async (w) => ({
      token: (await post<{ token: string }>(w.t, 'company/invite', {}, owner(w))).body.result.token,
    }),
    as: async (w) => (await makeUser(w.t, '受邀人')).headers,
    enterprise: (w) => w.a.companyId,
  },
];

const lastId = async (t: TestApp) =>
  (await t.db.admin.query<{ id: number | null }>('select max(id)::int as id from oplog'))[0].id ?? 0;
const since = (t: TestApp, id: number) =>
  t.db.admin.query<Row & { enterprise_id: number }>(
    'select id, enterprise_id, verb, entity, entity_id, label, user_id, summary from oplog where id > $1 order by id',
    [id],
  );

function expectEntries(
  def: CallDef,
  body: Body,
  rows: Row[],
  enterpriseId: number,
  rowsIn: (Row & { enterprise_id: number })[],
) {
  if (!def.log || def.log === 'private') {
    expect(rowsIn, `${def.path} declares no log but wrote ${JSON.stringify(rowsIn)}`).toEqual([]);
    return;
  }
  expect(rows.length, `${def.path} declares ${JSON.stringify(def.log)} but wrote no entry`).toBeGreaterThan(0);
  // a submission its author approves at once (nobody else may review it) also writes its pass, marked self-approved
  const selfApproved = (r: Row) =>
    verbOf(def.log as OpLog, body) === 'apply' && r.verb === 'pass' && r.summary?.after?.selfApproved === true;
  for (const r of rows.filter((x) => !selfApproved(x)))
    expect({ verb: r.verb, entity: r.entity }).toEqual({ verb: verbOf(def.log, body), entity: def.log.entity });
  expect(rowsIn.every((r) => r.enterprise_id === enterpriseId)).toBe(true);
}

describe('operation log from the contract', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
  });

  it('every call is a read, private, or declares one of the spec verbs; GET calls never write', () => {
    for (const def of allCalls) {
      if (def.method === 'GET') expect(def.log, def.path).toBeUndefined();
      if (def.log && def.log !== 'private') expect(verbsOf(def.log).length, def.path).toBeGreaterThan(0);
    }
    // the reads the matrix replays below must be real reads of the contract, not an empty list
    expect(allCalls.filter((d) => d.auth === 'tenant' && !d.log).length).toBeGreaterThan(20);
    expect(api.message.check.log).toBe('private');
  });

  for (const def of allCalls.filter((d) => d.auth === 'tenant' && d.method === 'POST')) {
    const rows = TENANT_ROUTES.filter((r) => r.path === def.path);
    const writes = !def.log
      ? 'a read writes nothing'
      : def.log === 'private'
        ? 'private, no entry'
        : `writes ${JSON.stringify(def.log.verb)} ${def.log.entity}`;
    it(`${def.path}: ${writes}`, async () => {
      expect(rows.length, `${def.path} has no isolation-matrix row to replay`).toBeGreaterThan(0);
      for (const route of rows) {
        const body = typeof route.body === 'function' ? await route.body(w) : route.body;
        const before = await lastId(t);
        const res = await post(t, def.path, body, owner(w));
        expect(res.body.ret, `${def.path}: ${JSON.stringify(res.body)}`).toBe(0);
        const all = await since(t, before);
        expectEntries(
          def,
          body,
          all.filter((r) => r.enterprise_id === w.a.companyId),
          w.a.companyId,
          all,
        );
        if (def.log && def.log !== 'private') expect(all.every((r) => r.user_id === w.a.owner.id)).toBe(true);
        // company/change-admin hands the main admin away; the next rows need it back
        await t.db.admin.query('update members set is_main = (user_id = $2)::int where enterprise_id = $1', [
          w.a.companyId,
          w.a.owner.id,
        ]);
      }
    });
  }

  const userLogged = allCalls.filter((d) => d.auth === 'user' && d.log);
  it('every user-level call that acts on an enterprise has a case here', () => {
    expect(userLogged.map((d) => d.path).sort()).toEqual(USER_CALLS.map((c) => c.path).sort());
  });
  for (const c of USER_CALLS) {
    it(`${c.path}: writes its entry into the enterprise it acts on`, async () => {
      const def = userLogged.find((d) => d.path === c.path)!;
      const body = await c.body(w);
      const headers = await c.as(w);
      const before = await lastId(t);
      const res = await post<Body>(t, c.path, body, headers);
      expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
      const ent = c.enterprise(w, res.body.result);
      const all = await since(t, before);
      expectEntries(
        def,
        body,
        all.filter((r) => r.enterprise_id === ent),
        ent,
        all,
      );
      expect(all.every((r) => r.user_id === Number(headers.id) && r.label !== '')).toBe(true);
    });
  }

  it('a refused mutation writes nothing (the entry lives and dies with its transaction)', async () => {
    const before = await lastId(t);
    const res = await post(t, 'dept/delete', { id: 2147483000 }, owner(w));
    expect(res.body.ret).not.toBe(0);
    expect(await since(t, before)).toEqual([]);
  });
});
