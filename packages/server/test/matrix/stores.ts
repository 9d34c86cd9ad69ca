import { RET } from '@vitrine/contract';
import { post } from '../harness.js';
import {
  addMemberWithRole,
  makeShop,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
  type TestUser,
} from '../factories.js';
import { named, type MatrixRoute, type World } from './types.js';

// Tenant routes of the stores area (issue 4). The world's store manager has the whole enterprise as
// range but no examine or publish bit on /store; records a body names are made by a's owner, so a
// manager acting on the owner's own draft gets 40003 (only the author may). Logs (GET) are tested
// in src/domains/stores/records.test.ts.

type Body = Record<string, unknown>;
type Rev = { user: TestUser; node: string };
const FORBIDDEN = RET.forbidden;

const reviewers = new WeakMap<TestEnterprise, Promise<Rev>>();
export function reviewerOf(w: World, ent: TestEnterprise): Promise<Rev> {
  if (!reviewers.has(ent)) {
    reviewers.set(
      ent,
      (async () => {
        const user = await makeUser(w.t, 'reviewer');
        return { user, node: await addMemberWithRole(w.t, ent, user, 3) };
      })(),
    );
  }
  return reviewers.get(ent)!;
}

const shops = new WeakMap<TestEnterprise, Promise<number>>();
export const shopIn = (w: World, ent: TestEnterprise) => {
  if (!shops.has(ent))
    shops.set(
      ent,
      reviewerOf(w, ent).then((rev) => makeShop(w.t, ent, { name: named(w, ent, 'Shop') }, rev)),
    );
  return shops.get(ent)!;
};
export const owner = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
const unique = () => `M${Math.floor(Math.random() * 1e9)}`;

/** `launched`: what an approval leaves (302 online; ad plans stay 301 until thrown) — set-status asks for the other. */
export type Entity = { name: string; data: (w: World, ent: TestEnterprise) => Promise<Body>; launched?: boolean };
export const ENTITIES: Entity[] = [
  {
    name: 'shop',
    data: async (w, ent) => ({
      name: named(w, ent, 'Matrix shop'),
      code: unique(),
      level: 2,
      province: '44',
      city: '4403',
      district: '440305',
    }),
  },
  {
    name: 'et',
    data: async (w, ent) => ({ name: named(w, ent, 'Entrance'), etType: 'entrance', shopId: await shopIn(w, ent) }),
  },
  {
    name: 'employee',
    data: async (w, ent) => ({
      name: named(w, ent, '员工'),
      phone: '13700000000',
      gender: 1,
      shopId: await shopIn(w, ent),
    }),
  },
  {
    name: 'member',
    data: async (w, ent) => ({
      name: named(w, ent, '会员'),
      phone: '13600000000',
      gender: 2,
      ageBand: '19-29',
      shopId: await shopIn(w, ent),
    }),
  },
  {
    name: 'device',
    data: async (w, ent) => ({
      code: unique(),
      name: named(w, ent, 'Screen'),
      type: 'big',
      orientation: 1,
      shopId: await shopIn(w, ent),
    }),
  },
];

async function draft(
  w: World,
  ent: TestEnterprise,
  e: Entity,
  submit = false,
  as?: Record<string, string>,
): Promise<number> {
  const headers = as ?? owner(ent);
  const res = await post<{ id: number }>(w.t, `${e.name}/create`, await e.data(w, ent), headers);
  if (res.body.ret !== 0) throw new Error(`${e.name}/create: ${JSON.stringify(res.body)}`);
  if (submit) await post(w.t, `${e.name}/apply`, { id: res.body.result.id }, headers);
  return res.body.result.id;
}

export async function enabled(w: World, ent: TestEnterprise, e: Entity): Promise<number> {
  const id = await draft(w, ent, e, true);
  const rev = await reviewerOf(w, ent);
  await post(w.t, `${e.name}/examine`, { id, pass: 1 }, tenantHeaders(rev.user, ent, rev.node));
  return id;
}

const toggled = (e: Entity) => (e.launched === false ? 302 : 301);

export function lifecycleRows(e: Entity): MatrixRoute[] {
  const p = (action: string) => `${e.name}/${action}`;
  const foreignEnabled =
    (extra: Body = {}) =>
    async (w: World) => ({ id: await enabled(w, w.b, e), ...extra });
  return [
    { path: p('create'), body: (w) => e.data(w, w.a) },
    { path: p('get'), body: async (w) => ({ id: await enabled(w, w.a, e) }), foreign: foreignEnabled() },
    {
      path: p('update'),
      body: async (w) => ({ id: await enabled(w, w.a, e), ...(await e.data(w, w.a)) }),
      foreign: async (w) => ({ id: await enabled(w, w.b, e), ...(await e.data(w, w.a)) }),
    },
    { path: p('copy'), body: async (w) => ({ id: await enabled(w, w.a, e) }), foreign: foreignEnabled() },
    { path: p('my-list'), body: {} },
    {
      path: p('apply'),
      body: async (w) => ({ id: await draft(w, w.a, e) }),
      asManager: FORBIDDEN,
      foreign: async (w) => ({ id: await draft(w, w.b, e) }),
    },
    { path: p('apply-list'), body: {} },
    {
      path: p('examine'),
      body: async (w) => ({ id: await draft(w, w.a, e, true, tenantHeaders(w.member, w.a, w.memberNode)), pass: 1 }),
      asManager: FORBIDDEN,
      foreign: async (w) => ({ id: await draft(w, w.b, e, true), pass: 1 }),
    },
    { path: p('enable-list'), body: {} },
    {
      path: p('set-status'),
      body: async (w) => ({ id: await enabled(w, w.a, e), status: toggled(e) }),
      asManager: FORBIDDEN,
      foreign: foreignEnabled({ status: toggled(e) }),
    },
    { path: p('delete'), body: async (w) => ({ id: await enabled(w, w.a, e) }), foreign: foreignEnabled() },
    {
      path: p('recovery'),
      body: async (w) => {
        const id = await enabled(w, w.a, e);
        await post(w.t, p('delete'), { id }, owner(w.a));
        return { id };
      },
      foreign: foreignEnabled(),
    },
    {
      path: p('delete-own'),
      body: async (w) => ({ id: await draft(w, w.a, e) }),
      asManager: FORBIDDEN,
      foreign: async (w) => ({ id: await draft(w, w.b, e) }),
    },
    {
      path: p('recovery-own'),
      body: async (w) => {
        const id = await draft(w, w.a, e);
        await post(w.t, p('delete-own'), { id }, owner(w.a));
        return { id };
      },
      asManager: FORBIDDEN,
      foreign: async (w) => ({ id: await draft(w, w.b, e) }),
    },
    { path: p('history'), body: async (w) => ({ id: await shopOrRecord(w, e) }), foreign: foreignEnabled() },
    { path: p('logs'), body: async (w) => ({ id: await shopOrRecord(w, e) }), foreign: foreignEnabled() },
  ];
}

/** A read-only route may reuse one enabled record per world. */
const readable = new WeakMap<World, Map<string, Promise<number>>>();
function shopOrRecord(w: World, e: Entity): Promise<number> {
  if (!readable.has(w)) readable.set(w, new Map());
  const m = readable.get(w)!;
  if (!m.has(e.name)) m.set(e.name, enabled(w, w.a, e));
  return m.get(e.name)!;
}

const DEVICE = ENTITIES[4];
const deviceIds = async (w: World, ent: TestEnterprise) => ({ ids: [await enabled(w, ent, DEVICE)] });
const control = (path: string, extra: Body): MatrixRoute => ({
  path,
  body: async (w) => ({ ...(await deviceIds(w, w.a)), ...extra }),
  asManager: FORBIDDEN,
  foreign: async (w) => ({ ...(await deviceIds(w, w.b)), ...extra }),
});

/** Enterprise b's marked records, one enabled per entity, so a's lists would show them if a filter broke. */
export async function markedRecords(w: World) {
  for (const e of ENTITIES) await enabled(w, w.b, e);
}

export const STORES_ROUTES: MatrixRoute[] = [
  { path: 'geo/provinces', body: {} },
  { path: 'geo/cities', body: { id: '44' } },
  { path: 'geo/areas', body: { id: '4403' } },
  { path: 'geo/tree', body: {} },
  { path: 'geo/shop-count', body: {} },
  { path: 'geo/shops', body: {} },
  { path: 'geo/device-count', body: {} },
  { path: 'geo/devices', body: {} },
  ...ENTITIES.flatMap(lifecycleRows),
  control('device/ai', { ai: 1 }),
  control('device/landscape', { direction: 0 }),
  control('device/volume', { volume: 30 }),
  control('device/manage', { action: 'restart' }),
  control('device/virtual-status', { status: 7 }),
  { path: 'device/bulk', body: { value: { control: 'volume', volume: 20 } }, asManager: FORBIDDEN },
  ...['device/commands', 'device/collect'].map((path): MatrixRoute => ({
    path,
    body: async (w) => ({ id: await shopOrRecord(w, DEVICE) }),
    foreign: async (w) => ({ id: await enabled(w, w.b, DEVICE) }),
  })),
  // activation: the publish bit (the store manager has none); status history: the view bit
  ...['device/activation', 'device/activation-code', 'device/deactivate'].map((path): MatrixRoute => ({
    path,
    body: async (w) => ({ id: await enabled(w, w.a, DEVICE) }),
    asManager: FORBIDDEN,
    foreign: async (w) => ({ id: await enabled(w, w.b, DEVICE) }),
  })),
  {
    path: 'device/status-events',
    body: async (w) => ({ id: await shopOrRecord(w, DEVICE) }),
    foreign: async (w) => ({ id: await enabled(w, w.b, DEVICE) }),
  },
];
