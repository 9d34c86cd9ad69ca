import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, dev, makeDevice, makeFleet } from '../../../test/devices.js';
import { runDeviceJobs } from '../../device-api/loop.js';

// device/virtual-status (spec §7, for demos): once the screen acknowledges it, the console shows that
// status; 7 lifts it. A real absence still reads offline (issue 25 §5: it used to change nothing).

const t = useTestApp();
const status = async (id: number) =>
  (await t.db.admin.query<{ s: number }>('select device_status as s from devices where id = $1', [id]))[0].s;
type Beat = { commands: { id: number; action: string }[] };

describe('virtual device status', () => {
  it('is applied when the screen acknowledges it, and lifted by 7', async () => {
    const f = await makeFleet(t, { hours: '00:00-24:00' });
    const d = await makeDevice(t, f);
    const token = await activated(t, f, d);
    const set = async (value: number) => {
      expect((await post(t, 'device/virtual-status', { ids: [d.id], status: value }, f.sup)).body.ret).toBe(0);
      const cmds = (await dev<Beat>(t, 'heartbeat', {}, token)).body.result.commands.filter(
        (c) => c.action === 'virtual-status',
      );
      expect((await dev(t, 'ack', { results: cmds.map((c) => ({ id: c.id, ok: 1 })) }, token)).body.ret).toBe(0);
      await t.deps.device.presence.flush();
      await runDeviceJobs(t.deps, new Date());
    };
    await dev(t, 'heartbeat', {}, token);
    await t.deps.device.presence.flush();
    await runDeviceJobs(t.deps, new Date());
    expect(await status(d.id)).toBe(7);
    await set(3);
    expect(await status(d.id)).toBe(3);
    await set(1);
    expect(await status(d.id)).toBe(1);
    await set(7);
    expect(await status(d.id)).toBe(7);
  });

  it("logs a device's first activation code under the device's name, not its number (issue 25 §5)", async () => {
    const f = await makeFleet(t);
    const d = await makeDevice(t, f);
    expect((await post(t, 'device/activation', { id: d.id }, f.sup)).body.ret).toBe(0);
    const rows = await t.db.admin.query<{ label: string }>(
      "select label from oplog where entity = 'device' and entity_id = $1",
      [String(d.id)],
    );
    const [{ name }] = await t.db.admin.query<{ name: string }>('select name from devices where id = $1', [d.id]);
    expect(rows.map((r) => r.label)).toContain(name);
    expect(rows.every((r) => r.label !== '')).toBe(true);
  });
});
