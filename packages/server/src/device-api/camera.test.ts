import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { activated, dev, makeDevice, makeFleet, visit, type Fleet } from '../../test/devices.js';
import { Presence } from './presence.js';

// The audience on the screen, server side (issue 26): the heartbeat's camera kept with presence, the
// device drawer's read (camera, errors, the last hour's visitors), the enterprise's camera mark in
// the config a screen gets.

const t = useTestApp();

type Drawer = {
  errors: { code: string; message?: string }[];
  camera: { state: string; fps: number; lastVisitAt: number | null; at: number } | null;
  visitsLastHour: { total: number; male: number; female: number; unknown: number; watch: number };
};
const drawer = async (f: Fleet, id: number) =>
  (await post<Drawer>(t, 'device/status-events', { id }, f.sup)).body.result;

describe('the camera of a screen', () => {
  let f: Fleet;
  let d: { id: number; code: string };
  let token: string;

  it("the heartbeat's camera and its fault reach the device drawer; a later report without it keeps it", async () => {
    f = await makeFleet(t);
    d = await makeDevice(t, f);
    token = await activated(t, f, d);
    expect((await drawer(f, d.id)).camera).toBeNull();
    const refused = {
      camera: { state: 'denied', fps: 0, lastVisitAt: null },
      errors: [{ code: 'camera.denied', message: 'Permission denied' }],
    };
    expect((await dev(t, 'heartbeat', refused, token)).body.ret).toBe(0);
    await t.deps.device.presence.flush();
    const seen = await drawer(f, d.id);
    expect(seen.camera).toMatchObject({ state: 'denied', fps: 0, lastVisitAt: null });
    expect(seen.errors).toEqual([{ code: 'camera.denied', message: 'Permission denied' }]);

    const now = Math.floor(Date.now() / 1000);
    await dev(t, 'heartbeat', { camera: { state: 'on', fps: 2.4, lastVisitAt: now - 5 } }, token);
    await t.deps.device.presence.flush();
    expect(await drawer(f, d.id)).toMatchObject({
      camera: { state: 'on', fps: 2.4, lastVisitAt: now - 5 },
      errors: [],
    });
    // an older player says nothing of a camera: the last report stays
    await dev(t, 'heartbeat', { appVersion: 'player-0.9' }, token);
    await t.deps.device.presence.flush();
    expect((await drawer(f, d.id)).camera).toMatchObject({ state: 'on', fps: 2.4 });
    // another instance flushing an older report does not take the newer camera back
    const other = new Presence(t.db, t.app.log);
    other.record(
      d.id,
      f.ent.companyId,
      60,
      { errors: [], clockSkew: 0, camera: { state: 'no-camera', fps: 0 } },
      now - 3600,
    );
    await other.flush();
    expect((await drawer(f, d.id)).camera?.state).toBe('on');
  });

  it('a camera state outside the protocol is refused like any bad field', async () => {
    const res = await dev(t, 'heartbeat', { camera: { state: 'watching', fps: 2 } }, token);
    expect(res.body.ret).toBe(RET.validation);
    expect((await dev(t, 'heartbeat', { camera: { state: 'on', fps: -1 } }, token)).body.ret).toBe(RET.validation);
  });

  it("the drawer counts this screen's visitors of the last hour only", async () => {
    const now = Math.floor(Date.now() / 1000);
    const events = [
      visit({ time: now - 60, gender: 2, action: 'watch' }),
      visit({ time: now - 120, gender: 1, action: 'pass' }),
      visit({ time: now - 3500, gender: 0, action: 'pass' }),
      visit({ time: now - 3700, gender: 2 }), // the last one: over an hour ago
    ];
    expect((await dev<{ accepted: number }>(t, 'visits', { events }, token)).body.result.accepted).toBe(4);
    const other = await makeDevice(t, f);
    await dev(t, 'visits', { events: [visit({ time: now - 30 })] }, await activated(t, f, other));
    expect((await drawer(f, d.id)).visitsLastHour).toEqual({ total: 3, male: 1, female: 1, unknown: 1, watch: 1 });
  });

  it('the enterprise\'s "camera in use" mark: on by default, switched on the enterprise page, in the config screens get', async () => {
    const beat = async () =>
      (await dev<{ config: { cameraMark?: number } }>(t, 'heartbeat', {}, token)).body.result.config;
    expect((await beat()).cameraMark).toBe(1);
    expect((await post<{ cameraMark: number }>(t, 'company/info', {}, f.sup)).body.result.cameraMark).toBe(1);
    const off = await post<{ cameraMark: number; title: string }>(t, 'company/update', { cameraMark: 0 }, f.sup);
    expect(off.body.result).toMatchObject({ cameraMark: 0, title: f.ent.title });
    expect((await beat()).cameraMark).toBe(0);
    // a screen activated now gets it at once
    const d2 = await makeDevice(t, f);
    const code = (await post<{ code: string }>(t, 'device/activation', { id: d2.id }, f.sup)).body.result.code;
    expect(
      (await dev<{ config: { cameraMark: number } }>(t, 'activate', { code: d2.code, activation: code })).body.result
        .config.cameraMark,
    ).toBe(0);
    expect((await post(t, 'company/update', { cameraMark: 2 }, f.sup)).body.ret).toBe(RET.validation);
  });
});
