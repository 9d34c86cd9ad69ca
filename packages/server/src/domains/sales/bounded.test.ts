import { describe, expect, it } from 'vitest';
import { RET, STATS_MAX_DAYS } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { approved, makeFleet } from '../../../test/devices.js';
import { localDay } from '../../lib/local-time.js';

// Bounded costs (issue 24 §1): a list of lines reads a bounded period — the last 31 local days when
// its filter names none, never more than a statistic (400 days) — and so do stats/export and stats/top.
// Before: `sale/list {}` read every line of the enterprise (9–13 s on 82,000 lines) and an export
// of 1900–2100 was accepted.

const t = useTestApp();
type Listed = { total: number; list: { lineId: string }[] };
const DAY = 86_400;
const day = (secs: number) => localDay('Asia/Shanghai', new Date(secs * 1000)).day;

describe('bounded periods', () => {
  it("sale/list reads the last 31 days by default, the filter's days when given, at most 400", async () => {
    const f = await makeFleet(t);
    const [{ code }] = await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [f.shop]);
    await approved(t, f, 'commodity', { name: '绿茶', code: 'G1', price: 500 });
    const now = Math.floor(Date.now() / 1000) - 60;
    const line = (lineId: string, ago: number) => ({
      lineId,
      time: now - ago * DAY,
      shopCode: code,
      productCode: 'G1',
      quantity: 1,
      amount: 500,
    });
    const lines = [line('today', 0), line('d29', 29), line('d45', 45), line('d500', 500)];
    expect((await post<{ accepted: number }>(t, 'sale/report', { lines }, f.sup)).body.result.accepted).toBe(4);

    const list = async (body: Record<string, unknown>) => post<Listed>(t, 'sale/list', body, f.sup);
    const byDefault = await list({});
    expect(byDefault.body.ret, JSON.stringify(byDefault.body)).toBe(0);
    expect(byDefault.body.result.list.map((l) => l.lineId)).toEqual(['today', 'd29']);
    expect(byDefault.body.result.total).toBe(2);
    // to alone: the 31 days up to it; from alone: up to today
    expect((await list({ to: day(now - 40 * DAY) })).body.result.list.map((l) => l.lineId)).toEqual(['d45']);
    expect((await list({ from: day(now - 50 * DAY) })).body.result.list.map((l) => l.lineId)).toEqual([
      'today',
      'd29',
      'd45',
    ]);
    expect(
      (await list({ from: day(now - 501 * DAY), to: day(now - 499 * DAY) })).body.result.list.map((l) => l.lineId),
    ).toEqual(['d500']);

    // longer than a statistic may read: 40001 naming the field, whichever bound the caller gave
    const tooLong = await list({ from: '2025-01-01', to: '2026-12-31' });
    expect([tooLong.body.ret, tooLong.body.result]).toEqual([
      RET.validation,
      { fields: [{ field: 'to', message: expect.any(String) }] },
    ]);
    const fromOnly = await list({ from: day(now - (STATS_MAX_DAYS + 5) * DAY) });
    expect([
      fromOnly.body.ret,
      (fromOnly.body.result as unknown as { fields: { field: string }[] }).fields[0].field,
    ]).toEqual([RET.validation, 'from']);
    const backwards = await list({ from: '2026-03-10', to: '2026-03-01' });
    expect(backwards.body.ret).toBe(RET.validation);
    // exactly 400 days is allowed
    expect((await list({ from: '2025-01-01', to: '2026-02-04' })).body.ret).toBe(0);
  });

  it('stats/export and stats/top refuse a period longer than 400 days with 40001', async () => {
    const f = await makeFleet(t);
    for (const kind of ['sales', 'visits', 'plays']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/stats/export?kind=${kind}&from=1900-01-01&to=2100-12-31`,
        headers: f.sup,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ret: RET.validation, result: { fields: [{ field: 'to' }] } });
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=sales&from=2025-01-01&to=2026-02-04`,
      headers: f.sup,
    });
    expect(ok.statusCode).toBe(200);
    const top = await post(t, 'stats/top', { from: '1900-01-01', to: '2100-12-31', kind: 'shops-by-sales' }, f.sup);
    expect(top.body.ret).toBe(RET.validation);
  });
});
