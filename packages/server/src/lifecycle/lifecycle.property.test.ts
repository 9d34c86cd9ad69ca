import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusal } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';

// A model run of the lifecycle: random actions by random actors against a small model of DESIGN §5.
// After every action the ret code and the record's state must agree with the model; after every
// run, who sees what in my-list, apply-list and enable-list must agree too.

const t = useTestApp();

type Actor = { headers: Record<string, string>; examine: boolean; publish: boolean };
type Model = { status: number; live: boolean; online: number; deleted: boolean; author: number; draftDeleted: boolean };
type Action =
  | { kind: 'create'; actor: number }
  | { kind: 'update' | 'apply' | 'delete' | 'recovery' | 'deleteOwn' | 'recoveryOwn'; actor: number; rec: number }
  | { kind: 'examine'; actor: number; rec: number; pass: 0 | 1 }
  | { kind: 'setStatus'; actor: number; rec: number; status: 301 | 302 };

const OK = 0,
  FORBIDDEN = 40003,
  CONFLICT = 40009;
const work = (m: Model) => m.status === 101 || m.status === 104;

/**
 * The model's answer to one action, and the state it leaves (mutating m). Whether an action is
 * allowed comes from the contract's transition table (the one the server and the console use); the
 * model keeps its own account of the state each allowed action leaves, and of who sees what.
 */
function step(m: Model, a: Action, actor: Actor): number {
  if (a.kind === 'create') return OK;
  if (a.kind === 'examine' && !actor.examine) return FORBIDDEN;
  if (a.kind === 'setStatus' && !actor.publish) return FORBIDDEN;
  const action = a.kind === 'setStatus' ? (a.status === 302 ? 'online' : 'offline') : a.kind;
  const no = refusal(action, {
    status: m.status,
    live: m.live,
    online: m.online,
    deleted: m.deleted,
    draftDeleted: m.draftDeleted,
    author: m.author === a.actor,
  });
  if (no) return no.ret === 'conflict' ? CONFLICT : FORBIDDEN;
  switch (a.kind) {
    case 'update':
      Object.assign(m, m.status === 103 ? { status: 101, author: a.actor, draftDeleted: false } : { status: 101 });
      break;
    case 'apply':
      m.status = 102;
      break;
    case 'examine':
      Object.assign(m, a.pass ? { status: 103, online: m.live ? m.online : 302, live: true } : { status: 104 });
      break;
    case 'setStatus':
      m.online = a.status;
      break;
    case 'delete':
    case 'recovery':
      Object.assign(m, { deleted: a.kind === 'delete', online: 301 });
      break;
    case 'deleteOwn':
    case 'recoveryOwn':
      m.draftDeleted = a.kind === 'deleteOwn';
      break;
  }
  return OK;
}

const PATHS: Record<Action['kind'], string> = {
  create: 'create',
  update: 'update',
  apply: 'apply',
  examine: 'examine',
  setStatus: 'set-status',
  delete: 'delete',
  recovery: 'recovery',
  deleteOwn: 'delete-own',
  recoveryOwn: 'recovery-own',
};

const action = (actors: number): fc.Arbitrary<Action> => {
  const actor = fc.nat(actors - 1);
  const rec = fc.nat(5);
  return fc.oneof(
    fc.record({ kind: fc.constant('create' as const), actor }),
    fc.record({
      kind: fc.constantFrom(
        'update' as const,
        'apply' as const,
        'delete' as const,
        'recovery' as const,
        'deleteOwn' as const,
        'recoveryOwn' as const,
      ),
      actor,
      rec,
    }),
    fc.record({ kind: fc.constant('examine' as const), actor, rec, pass: fc.constantFrom(0 as const, 1 as const) }),
    fc.record({ kind: fc.constant('examine' as const), actor, rec, pass: fc.constant(1 as const) }),
    fc.record({
      kind: fc.constant('setStatus' as const),
      actor,
      rec,
      status: fc.constantFrom(301 as const, 302 as const),
    }),
  );
};

describe('lifecycle state machine (model run)', () => {
  it('statuses, answers and visibility follow the model', async () => {
    const ent = await makeEnterprise(t);
    const actors: Actor[] = [{ headers: tenantHeaders(ent.owner, ent, ent.ownerRole), examine: true, publish: true }];
    const sup = await makeUser(t);
    actors.push({
      headers: tenantHeaders(sup, ent, await addMemberWithRole(t, ent, sup, 3)),
      examine: true,
      publish: true,
    });
    const manager = await makeUser(t);
    actors.push({
      headers: tenantHeaders(manager, ent, await addMemberWithRole(t, ent, manager, 2)),
      examine: false,
      publish: false,
    });
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(action(actors.length), { minLength: 5, maxLength: 25 }), async (actions) => {
        const tag = `run${run++}x${Math.floor(Math.random() * 1e6)}`;
        const ids: number[] = [];
        const models: Model[] = [];
        for (const a of actions) {
          const actor = actors[a.actor];
          if (a.kind === 'create') {
            const res = await post<{ id: number }>(
              t,
              'shop/create',
              {
                name: `${tag} shop`,
                code: `${tag}-${ids.length}`,
                level: 1,
                province: '44',
                city: '4403',
                district: '440305',
              },
              actor.headers,
            );
            expect(res.body.ret).toBe(OK);
            ids.push(res.body.result.id);
            models.push({
              status: 101,
              live: false,
              online: 301,
              deleted: false,
              author: a.actor,
              draftDeleted: false,
            });
            continue;
          }
          if (!ids.length) continue;
          const i = a.rec % ids.length;
          const body: Record<string, unknown> = { id: ids[i] };
          if (a.kind === 'update')
            Object.assign(body, {
              name: `${tag} shop`,
              code: `${tag}-${i}`,
              level: 2,
              province: '44',
              city: '4403',
              district: '440305',
            });
          if (a.kind === 'examine') Object.assign(body, { pass: a.pass, reason: a.pass ? '' : 'no' });
          if (a.kind === 'setStatus') body.status = a.status;
          const expected = step(models[i], a, actor);
          const res = await post(t, `shop/${PATHS[a.kind]}`, body, actor.headers);
          expect({ action: a, ret: res.body.ret }).toEqual({ action: a, ret: expected });
          const got = await post<{
            status: number;
            liveVersion: number | null;
            online: number;
            deleted: number;
            draft: { status: number } | null;
          }>(t, 'shop/get', { id: ids[i] }, actors[0].headers);
          const m = models[i];
          const head = got.body.result.draft?.status ?? got.body.result.status;
          expect({
            head,
            live: got.body.result.liveVersion !== null,
            online: got.body.result.online,
            deleted: got.body.result.deleted === 1,
          }).toEqual({ head: m.status, live: m.live, online: m.online, deleted: m.deleted });
        }
        const seen = async (path: string, actor: Actor, extra: Record<string, unknown> = {}) =>
          (
            await post<{ list: { id: number }[] }>(t, path, { keyword: tag, pageSize: 100, ...extra }, actor.headers)
          ).body.result.list
            .map((r) => r.id)
            .sort((x, y) => x - y);
        const want = (pred: (m: Model) => boolean) => ids.filter((_, k) => pred(models[k])).sort((x, y) => x - y);
        for (let k = 0; k < actors.length; k++) {
          expect(await seen('shop/my-list', actors[k])).toEqual(
            want((m) => work(m) && m.author === k && !m.draftDeleted),
          );
          expect(await seen('shop/my-list', actors[k], { deleted: 1 })).toEqual(
            want((m) => work(m) && m.author === k && m.draftDeleted),
          );
        }
        expect(await seen('shop/apply-list', actors[0])).toEqual(want((m) => m.status === 102));
        expect(await seen('shop/enable-list', actors[2])).toEqual(want((m) => m.live && !m.deleted));
      }),
      { numRuns: Number(process.env.LIFECYCLE_RUNS ?? 12) },
    );
  });
});
