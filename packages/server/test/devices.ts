import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { post, type Envelope, type TestApp } from './harness.js';
import type { VisitEvent } from '@vitrine/contract';
import { seeded, visitor } from '../src/sim/visitors.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeShop,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
  type TestUser,
} from './factories.js';

// Factories for the device loop: an enterprise with a shop, enabled devices, activation through
// the console's code and the real device API.

export type Fleet = {
  ent: TestEnterprise;
  sup: Record<string, string>;
  rev: { user: TestUser; node: string };
  revHeaders: Record<string, string>;
  shop: number;
};

export async function makeFleet(t: TestApp, shop: Record<string, unknown> = {}): Promise<Fleet> {
  const ent = await makeEnterprise(t);
  const user = await makeUser(t, 'reviewer');
  const rev = { user, node: await addMemberWithRole(t, ent, user, 3) };
  return {
    ent,
    rev,
    sup: tenantHeaders(ent.owner, ent, ent.ownerRole),
    revHeaders: tenantHeaders(user, ent, rev.node),
    shop: await makeShop(t, ent, { hours: '00:00-24:00', ...shop }, rev),
  };
}

/** A record of any lifecycle entity created by the owner and approved by the reviewer; its id. */
export async function approved(t: TestApp, f: Fleet, entity: string, body: Record<string, unknown>): Promise<number> {
  const c = await post<{ id: number }>(t, `${entity}/create`, body, f.sup);
  expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
  await post(t, `${entity}/apply`, { id: c.body.result.id }, f.sup);
  expect((await post(t, `${entity}/examine`, { id: c.body.result.id, pass: 1 }, f.revHeaders)).body.ret).toBe(0);
  return c.body.result.id;
}

/** An enabled device of the fleet's shop (created by the owner, approved by the reviewer). */
export async function makeDevice(
  t: TestApp,
  f: Fleet,
  over: Record<string, unknown> = {},
): Promise<{ id: number; code: string }> {
  const code = `D${randomInt(1e9)}`;
  const c = await post<{ id: number }>(
    t,
    'device/create',
    { code, name: `屏${code}`, type: 'big', orientation: 1, shopId: f.shop, ...over },
    f.sup,
  );
  expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
  await post(t, 'device/apply', { id: c.body.result.id }, f.sup);
  expect((await post(t, 'device/examine', { id: c.body.result.id, pass: 1 }, f.revHeaders)).body.ret).toBe(0);
  return { id: c.body.result.id, code: String(over.code ?? code) };
}

export type Activation = { code: string | null; expires: number | null; attempts: number; activated: number };

/** The activation code the console shows for a device. */
export async function consoleCode(t: TestApp, f: Fleet, id: number): Promise<string> {
  const res = await post<Activation>(t, 'device/activation', { id }, f.sup);
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  expect(res.body.result.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return res.body.result.code!;
}

/** POST (JSON) or GET a device API call with a device token. */
export async function dev<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  body: unknown,
  token?: string,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown>; raw: string }> {
  const method = opts.method ?? 'POST';
  const res = await t.app.inject({
    method,
    url: `/device-api/${path}${method === 'GET' && body ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : ''}`,
    headers: {
      ...(token ? { dt: token } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
  let parsed = {} as Envelope<T>;
  try {
    parsed = res.json() as Envelope<T>;
  } catch {
    // bytes or an empty 304
  }
  return { status: res.statusCode, body: parsed, headers: res.headers, raw: res.body };
}

/** Activate a device through the console's code: its device token. */
export async function activated(t: TestApp, f: Fleet, device: { id: number; code: string }): Promise<string> {
  const res = await dev<{ deviceToken: string; deviceId: number }>(t, 'activate', {
    code: device.code,
    activation: await consoleCode(t, f, device.id),
  });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  expect(res.body.result.deviceId).toBe(device.id);
  return res.body.result.deviceToken;
}

export const play = (over: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  contentId: 11,
  planId: 3,
  start: Math.floor(Date.now() / 1000) - 60,
  durationMs: 15000,
  ...over,
});
export const visit = (over: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  time: Math.floor(Date.now() / 1000) - 30,
  gender: 2,
  ageBand: 1,
  action: 'watch',
  dwellMs: 4000,
  ...over,
});

/**
 * A shop open all day with one activated screen that reported `n` seeded visitors spread over the
 * last `days` days: the fleet, the screen, its token, the events and how many the API accepted.
 */
export async function screenWithVisits(t: TestApp, n: number, days: number, seed: number) {
  const f = await makeFleet(t, { hours: '00:00-24:00' });
  const screen = await makeDevice(t, f);
  const token = await activated(t, f, screen);
  const now = Math.floor(Date.now() / 1000);
  const rng = seeded(seed);
  const events: VisitEvent[] = Array.from({ length: n }, () =>
    visitor(now - 60 - Math.floor(rng() * days * 86_400), rng),
  );
  const accepted = (await dev<{ accepted: number }>(t, 'visits', { events }, token)).body.result.accepted;
  return { f, screen, token, now, events, accepted };
}
