import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRange, addMemberWithRole, makeUser, tenantHeaders } from '../../../test/factories.js';
import { activated, dev, makeDevice, makeFleet } from '../../../test/devices.js';
import { epochOf, localDay } from '../../lib/local-time.js';

// stats/home (issue 11 §5): the dashboard's figures come from what was reported, cut to the range,
// and a part appears only for a job that may view its area.

const t = useTestApp();
type Home = {
  visitors: { today: number; yesterday: number; days: { visits: number }[] } | null;
  sales: { today: { orders: number; amount: number } } | null;
  devices: { total: number; never: number; byStatus: Record<string, number> } | null;
  plans: { live: number } | null;
  review: { entity: string; count: number }[];
  unread: number;
};

describe('stats/home', () => {
  it('reads visitors, sales, screens, plans, reviews and messages for the caller only', async () => {
    const f = await makeFleet(t);
    const screen = await makeDevice(t, f);
    const quiet = await makeDevice(t, f);
    const token = await activated(t, f, screen);
    const now = Date.now() / 1000;
    const visit = () => ({ eventId: randomUUID(), time: now - 60, gender: 1, ageBand: 2, action: 'pass' });
    expect(
      (await dev<{ accepted: number }>(t, 'visits', { events: [visit(), visit(), visit()] }, token)).body.result
        .accepted,
    ).toBe(3);
    expect((await dev(t, 'heartbeat', {}, token)).body.ret).toBe(0);
    await t.deps.device.presence.flush();
    const [{ code }] = await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [f.shop]);
    const product = await post<{ id: number }>(t, 'commodity/create', { name: '水', code: 'W1', price: 200 }, f.sup);
    await post(t, 'commodity/apply', { id: product.body.result.id }, f.sup);
    await post(t, 'commodity/examine', { id: product.body.result.id, pass: 1 }, f.revHeaders);
    expect(
      (
        await post<{ accepted: number }>(
          t,
          'sale/report',
          { lines: [{ lineId: 'H1', time: now - 60, shopCode: code, productCode: 'W1', quantity: 2, amount: 400 }] },
          f.sup,
        )
      ).body.result.accepted,
    ).toBe(1);
    // a shop draft submitted by the owner waits for the reviewer
    const draft = await post<{ id: number }>(
      t,
      'shop/create',
      { name: '待审门店', code: 'R1', level: 1, province: '44', city: '4403', district: '440305' },
      f.sup,
    );
    await post(t, 'shop/apply', { id: draft.body.result.id }, f.sup);

    const home = async (h: Record<string, string>) => {
      const res = await post<Home>(t, 'stats/home', {}, h);
      expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
      return res.body.result;
    };
    const sup = await home(f.revHeaders);
    expect(sup.visitors?.today).toBe(3);
    expect(sup.visitors?.days).toHaveLength(7);
    expect(sup.sales?.today).toMatchObject({ orders: 1, amount: 400 });
    expect(sup.devices).toMatchObject({ total: 2, never: 1 });
    expect(sup.plans).toEqual({ live: 0 });
    expect(sup.review).toEqual([{ entity: 'shop', count: 1 }]);
    expect(sup.unread).toBeGreaterThan(0);

    // a store manager of another district: the same parts, none of these shops' figures
    const u = await makeUser(t);
    const elsewhere = await home(tenantHeaders(u, f.ent, await addMemberWithRange(t, f.ent, u, 2, { a: ['110101'] })));
    expect([elsewhere.visitors?.today, elsewhere.sales?.today.orders, elsewhere.devices?.total]).toEqual([0, 0, 0]);
    // a shop assistant: no data centre, store or advertising area — only their messages
    const a = await makeUser(t);
    const assistant = await home(tenantHeaders(a, f.ent, await addMemberWithRole(t, f.ent, a, 1)));
    expect([assistant.visitors, assistant.sales, assistant.devices, assistant.plans, assistant.review]).toEqual([
      null,
      null,
      null,
      null,
      [],
    ]);
    expect(quiet.id).toBeGreaterThan(0);
  });

  it('compares today with yesterday up to the same time of day, not with the whole of yesterday (issue 25 §6)', async () => {
    const f = await makeFleet(t);
    const screen = await makeDevice(t, f);
    const token = await activated(t, f, screen);
    const { day, minute } = localDay('Asia/Shanghai', new Date());
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const at = (minutes: number) => ({
      eventId: randomUUID(),
      time: epochOf('Asia/Shanghai', yesterday, minutes),
      gender: 1,
      ageBand: 2,
      action: 'pass',
    });
    // one visit just after yesterday's midnight, two just before its end
    expect(
      (await dev<{ accepted: number }>(t, 'visits', { events: [at(1), at(23 * 60 + 58), at(23 * 60 + 59)] }, token))
        .body.result.accepted,
    ).toBe(3);
    const res = await post<Home>(t, 'stats/home', {}, f.revHeaders);
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    expect(res.body.result.visitors?.days[5].visits).toBe(3);
    // from 01:00 to 23:00 only the early visit happened by this time yesterday
    if (minute >= 60 && minute < 23 * 60) expect(res.body.result.visitors?.yesterday).toBe(1);
    else expect(res.body.result.visitors?.yesterday).toBeLessThanOrEqual(3);
  });
});
