import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { approved, activated, dev, makeDevice, makeFleet } from '../../../test/devices.js';
import { makePng, permitOf, upload } from '../files/fixtures.js';

// stats/ad (issue 11 §3): the plays a screen reported through the device API, counted once each,
// by content, plan and shop, against the period before — equal to the test's own events.

const t = useTestApp();

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

describe('stats/ad', () => {
  it('counts the plays screens reported, by content, plan and shop', async () => {
    const f = await makeFleet(t);
    const screen = await makeDevice(t, f);
    const token = await activated(t, f, screen);
    const file = (
      await upload(t, f.sup, (await permitOf(t, f.sup, 'material')).result.permit, {
        name: 'a.png',
        data: makePng(1920, 1080, 77),
      })
    ).body.result.id;
    const content = await approved(t, f, 'ad-content', {
      name: '冬季轮播',
      adType: 'main',
      items: JSON.stringify([{ fileId: file }]),
    });
    const plan = await approved(t, f, 'ad-plan', {
      name: '冬季计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ s: [String(f.shop)] }),
    });
    const now = Date.now();
    const play = (agoHours: number, durationMs: number) => ({
      eventId: randomUUID(),
      contentId: content,
      planId: plan,
      start: (now - agoHours * 3600_000) / 1000,
      durationMs,
    });
    const events = [play(1, 10_000), play(2, 10_000), play(30, 4_400), play(24 * 10, 10_000)];
    const sent = await dev<{ accepted: number }>(t, 'plays', { events: [...events, events[0]] }, token);
    expect(sent.body.result.accepted).toBe(4);

    const to = shanghaiDay(now);
    const from = shanghaiDay(now - 6 * 86_400_000);
    type Ad = {
      summary: { plays: number; seconds: number; devices: number };
      previous: { plays: number };
      byContent: { name: string; plays: number }[];
      byPlan: { planId: number; plays: number }[];
      byShop: { shopId: number; seconds: number }[];
      series: { plays: number }[];
    };
    const r = (await post<Ad>(t, 'stats/ad', { from, to }, f.sup)).body.result;
    expect(r.summary).toEqual({ plays: 3, seconds: 24, devices: 1 });
    expect(r.previous.plays).toBe(1);
    expect(r.byContent).toEqual([expect.objectContaining({ name: '冬季轮播', plays: 3 })]);
    expect(r.byPlan).toEqual([expect.objectContaining({ planId: plan, plays: 3 })]);
    expect(r.byShop).toEqual([expect.objectContaining({ shopId: f.shop, seconds: 24 })]);
    expect(r.series.reduce((s, x) => s + x.plays, 0)).toBe(3);
    // the same plays exported as CSV: a line per day, shop and content
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=plays&from=${from}&to=${to}`,
      headers: { ...f.sup, 'accept-language': 'en-US' },
    });
    const [head, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe('Day,Shop code,Shop,Ad content,Plays,Seconds');
    expect(rows.every((r) => r.split(',')[3] === '冬季轮播')).toBe(true);
    expect(rows.reduce((sum, r) => sum + Number(r.split(',')[4]), 0)).toBe(3);
    expect(rows.reduce((sum, r) => sum + Number(r.split(',')[5]), 0)).toBe(24);
    // another enterprise sees none of it
    const g = await makeFleet(t);
    expect((await post<Ad>(t, 'stats/ad', { from, to }, g.sup)).body.result.summary.plays).toBe(0);
  });
});
