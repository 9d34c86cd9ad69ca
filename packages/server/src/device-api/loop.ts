import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { runAlerts } from '../domains/devices/alerts.js';
import { expireCommands } from '../domains/devices/commands.js';
import { sweepEnterprise, type Transition } from '../domains/devices/sweep.js';
import type { Row } from '../db/schema/index.js';

/**
 * One round of the device jobs at `now`, enterprise by enterprise (each in its own tenant
 * transaction): derive statuses and record transitions, send offline / back-online alerts, expire
 * commands past their 24 h. Plain function with its clock as an argument: tests drive it; the
 * `device-sweep` job (jobs/device-sweep.ts, every 15 s) calls it with the real time.
 */
export async function runDeviceJobs(deps: Deps, now = new Date()): Promise<Transition[]> {
  const ents = await deps.db.tx({}, (q) =>
    q.query<Row<'devices', 'enterprise_id'> & Row<'enterprises', 'time_zone'>>(
      'select d.enterprise_id, e.time_zone from device_enterprises() d join enterprises e on e.id = d.enterprise_id',
    ),
  );
  const all: Transition[] = [];
  for (const { enterprise_id: enterpriseId, time_zone: tz } of ents) {
    const scope = { enterpriseId };
    const changes = await deps.db.tx(scope, async (q) => {
      const t = await sweepEnterprise(q, scope, deps.device.playlists, now);
      await runAlerts(q, scope, tz, now);
      await expireCommands(q, scope, now);
      return t;
    });
    all.push(...changes);
  }
  return all;
}

/**
 * This instance's presence flush (each instance writes the devices it heard from; the sweep is a
 * job). Stopped, with a last flush, when the app closes. No timer when config.deviceLoop.timers is false.
 */
export function startDeviceLoop(app: FastifyInstance, deps: Deps): void {
  const { loop, presence } = deps.device;
  if (loop.timers) presence.start(loop.flushMs, (err) => app.log.error({ err }, 'device loop: presence flush failed'));
  app.addHook('onClose', async () => presence.stop());
}
