import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATUS } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { approved, makeDevice, makeFleet, type Fleet } from '../../test/devices.js';
import { makePng, permitOf, upload } from '../domains/files/fixtures.js';
import { PASSWORD } from '../../test/factories.js';
import { runDeviceJobs } from '../device-api/loop.js';
import { PLAY_SAMPLE_SECONDS } from './device.js';
import { faultOf, neverConnected, startSimulation, type Simulation } from './run.js';
import { hourlyRate, localClock, poisson, seeded, visitorsBetween } from './visitors.js';

// The simulator over real HTTP: a console user reads the codes, screens activate with them and live
// on the device API; statuses come from the sweep over what they reported.

const t = useTestApp();

describe('visitors', () => {
  it('follow the hourly curve within opening hours only, and are reproducible from a seed', () => {
    const day = Date.UTC(2026, 10, 18, 16, 0, 0) / 1000; // 00:00 in Shanghai, a Thursday
    const a = visitorsBetween(day, day + 86400, { timeZone: 'Asia/Shanghai', hours: [[600, 1200]], rng: seeded(7) });
    const b = visitorsBetween(day, day + 86400, { timeZone: 'Asia/Shanghai', hours: [[600, 1200]], rng: seeded(7) });
    expect(a.map((v) => [v.time, v.gender, v.ageBand, v.action])).toEqual(
      b.map((v) => [v.time, v.gender, v.ageBand, v.action]),
    );
    const hours = a.map((v) => localClock(v.time, 'Asia/Shanghai').hour);
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...hours)).toBeLessThan(20);
    const expected = Array.from({ length: 10 }, (_, i) => hourlyRate(10 + i, 4)).reduce((s, x) => s + x, 0);
    expect(a.length).toBeGreaterThan(expected * 0.6);
    expect(a.length).toBeLessThan(expected * 1.4);
    expect(new Set(a.map((v) => v.gender))).toEqual(new Set([0, 1, 2]));
  });

  it('poisson counts have the asked mean', () => {
    const rng = seeded(3);
    const n = 4000;
    const mean = Array.from({ length: n }, () => poisson(4, rng)).reduce((s, x) => s + x, 0) / n;
    expect(mean).toBeGreaterThan(3.8);
    expect(mean).toBeLessThan(4.2);
  });
});

describe('never-connected screens', () => {
  it('are the last ones that are not the first of their shop, so every shop keeps a screen reporting', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((id) => ({ id, shopId: Math.ceil(id / 2) }));
    expect([...neverConnected(rows, 2)].map((r) => r.id)).toEqual([6, 4]);
    // with one screen a shop, the last ones all the same (so the status still appears)
    expect(
      [
        ...neverConnected(
          [1, 2, 3].map((id) => ({ id, shopId: id })),
          2,
        ),
      ].map((r) => r.id),
    ).toEqual([3, 2]);
  });
});

describe('a simulated fleet', () => {
  let f: Fleet;
  let sim: Simulation;
  let base = '';
  const ids: number[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sim?.stop());

  it('activates every device but the never-connected ones with the codes the console shows, and uploads backdated visitors and plays', async () => {
    f = await makeFleet(t, { hours: '00:00-24:00' });
    // with AI on: the camera counts visitors (a screen without it reports plays only)
    for (let i = 0; i < 10; i++) ids.push((await makeDevice(t, f, { ai: 1 })).id);
    const file = (
      await upload(t, f.sup, (await permitOf(t, f.sup, 'material')).result.permit, {
        name: 'a.png',
        data: makePng(1920, 1080, 5),
      })
    ).body.result.id;
    const content = await approved(t, f, 'ad-content', {
      name: '轮播',
      adType: 'main',
      items: JSON.stringify([{ fileId: file }]),
    });
    const plan = await approved(t, f, 'ad-plan', {
      name: '全天',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ s: [String(f.shop)] }),
    });
    expect((await post(t, 'ad-plan/throw', { id: plan }, f.sup)).body.ret).toBe(0);
    sim = await startSimulation({
      base,
      phone: f.ent.owner.phone,
      password: PASSWORD,
      neverConnected: 2,
      historyDays: 3,
      historyDevices: 1,
      autostart: false,
      live: false,
    });
    expect(sim.devices.map((d) => d.spec.id)).toEqual(ids.slice(0, 8));
    expect(sim.skipped).toEqual(ids.slice(8));
    const sent = await sim.history;
    expect(sent).toBeGreaterThan(50);
    const [row] = await t.db.admin.query<{ n: number; days: number }>(
      'select count(*)::int as n, count(distinct local_day)::int as days from visit_events where enterprise_id = $1 and device_id = $2',
      [f.ent.companyId, ids[0]],
    );
    expect(row.n).toBe(sent);
    expect(row.days).toBeGreaterThanOrEqual(3);
    // the plays it logged: one every 10 minutes of the 3 days before its live reports (open all day), all of the launched plan
    const [plays] = await t.db.admin.query<{ n: number; days: number; plans: number[] }>(
      `select count(*)::int as n, count(distinct local_day)::int as days, array_agg(distinct plan_id) as plans
         from play_events where enterprise_id = $1 and device_id = $2`,
      [f.ent.companyId, ids[0]],
    );
    expect(plays.n).toBe(sim.devices[0].counts.plays);
    expect(plays.n).toBe((3 * 86400) / PLAY_SAMPLE_SECONDS);
    expect(plays.days).toBeGreaterThanOrEqual(3);
    expect(plays.plans).toEqual([plan]);
  });

  it('heartbeats and visits through the device API; a command is applied and acknowledged', async () => {
    expect((await post(t, 'device/volume', { ids: [ids[0]], volume: 33 }, f.sup)).body.ret).toBe(0);
    const before = sim.devices.reduce((s, d) => s + d.counts.visits, 0);
    for (const d of sim.devices) await d.tick();
    // the command arrives with the first heartbeat and is acknowledged in the same period
    expect(sim.devices[0].counts.acks).toBe(1);
    const cmds = await post<{ list: { state: string }[] }>(t, 'device/commands', { id: ids[0] }, f.sup);
    expect(cmds.body.result.list.map((c) => c.state)).toEqual(['acknowledged']);
    // what the screens say they sent is what the server holds (how many depends on the local hour:
    // at 4 a.m. in Shanghai a tick may bring nobody, so the count itself is not asserted)
    const sentNow = sim.devices.reduce((s, d) => s + d.counts.visits, 0);
    expect(sentNow).toBeGreaterThanOrEqual(before);
    const [held] = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from visit_events where enterprise_id = $1',
      [f.ent.companyId],
    );
    expect(held.n).toBe(sentNow);
    expect(sim.devices.every((d) => d.counts.beats === 1 && d.counts.errors === 0)).toBe(true);
  });

  it('with its live socket a screen applies and acknowledges a console command without a heartbeat, and heartbeats less often', async () => {
    const d = sim.devices[1];
    const live = d.goLive();
    for (let i = 0; i < 200 && !live.connected; i++) await new Promise((r) => setTimeout(r, 10));
    expect(live.interval).toBeGreaterThan(t.deps.device.loop.heartbeatSeconds * 1.1);
    const beats = d.counts.beats;
    expect((await post(t, 'device/volume', { ids: [ids[1]], volume: 44 }, f.sup)).body.ret).toBe(0);
    const state = async () =>
      (await post<{ list: { state: string }[] }>(t, 'device/commands', { id: ids[1] }, f.sup)).body.result.list[0]
        ?.state;
    for (let i = 0; i < 100 && (await state()) !== 'acknowledged'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await state()).toBe('acknowledged');
    expect(d.counts.beats).toBe(beats);
    expect(d.counts.pushed).toBeGreaterThanOrEqual(1);
    live.stop();
  });

  it('the sweep turns what they reported into statuses: online, abnormal, never connected, and offline after a power loss', async () => {
    await t.deps.device.presence.flush();
    await runDeviceJobs(t.deps);
    const status = async (id: number) =>
      (await t.db.admin.query<{ s: number }>('select device_status as s from devices where id = $1', [id]))[0].s;
    for (const [i, id] of ids.slice(0, 8).entries()) {
      const fault = faultOf(i);
      if (fault === 'storage-low') expect(await status(id)).toBe(DEVICE_STATUS.abnormal);
      else if (fault === 'none') expect(await status(id)).toBe(DEVICE_STATUS.normal);
    }
    expect(await status(ids[9])).toBe(DEVICE_STATUS.offline);
    // the power-loss screen (index 4) reports three times, then nothing
    const lost = sim.devices[4];
    expect(lost.spec.fault).toBe('power-loss');
    for (let k = 0; k < 4; k++) await lost.tick();
    expect(lost.counts.beats).toBe(3);
    await t.deps.device.presence.flush();
    await runDeviceJobs(t.deps, new Date(Date.now() + 10 * 60_000));
    expect(await status(ids[4])).toBe(DEVICE_STATUS.offline);
  });
});
