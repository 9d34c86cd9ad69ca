import type { TestApp } from '../harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, type TestEnterprise, type TestUser } from '../factories.js';

/** The world every matrix row runs in: enterprise a (owner = main admin, supervisor), b (another tenant). */
export type World = {
  t: TestApp;
  a: TestEnterprise;
  b: TestEnterprise;
  /** a store manager (role 2) of a, not main admin */
  member: TestUser;
  memberNode: string;
  /** a former member of a (status 0) */
  removed: TestUser;
  removedNode: string;
  /** A string only enterprise b's records carry (names): no successful answer to a may contain it. */
  marker: string;
};

type Body = Record<string, unknown>;

/**
 * One tenant route of the isolation matrix.
 * - body: valid for enterprise a (a function may create the records it names, in a);
 * - asManager: the ret a's store manager gets (default 0; 40003 for main-admin-only or missing bits);
 * - foreign: a body naming a record of enterprise b; a's main admin must get 40004 with it.
 */
export type MatrixRoute = {
  path: string;
  body: Body | ((w: World) => Promise<Body>);
  asManager?: number;
  foreign?: (w: World) => Promise<Body>;
};

/** The world of the matrix (and of the operation-log test that replays its rows). */
/** A record name: in enterprise b it carries the world's marker. */
export const named = (w: World, ent: TestEnterprise, name: string) => (ent === w.b ? `${w.marker}${name}` : name);

export async function world(t: TestApp): Promise<World> {
  const a = await makeEnterprise(t);
  const b = await makeEnterprise(t);
  const member = await makeUser(t);
  const memberNode = await addMemberWithRole(t, a, member, 2);
  const removed = await makeUser(t);
  const removedNode = await addMemberWithRole(t, a, removed, 1);
  await t.db.admin.query('update members set status = 0 where enterprise_id = $1 and user_id = $2', [
    a.companyId,
    removed.id,
  ]);
  const marker = `Bmark${Math.floor(Math.random() * 1e9)}z`;
  return { t, a, b, member, memberNode, removed, removedNode, marker };
}
