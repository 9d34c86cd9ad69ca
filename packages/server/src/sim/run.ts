import { DEFAULT_HOURS, parseHours, type Span } from '@vitrine/contract';
import { RET } from '@vitrine/contract';
import { ApiError, ConsoleClient } from './client.js';
import { SimDevice, type Fault } from './device.js';

// A fleet of simulated screens driven through the real API: a console user reads the devices and
// their activation codes (as staff would, from the device drawer), each screen activates with its
// code and then lives on the device API alone. Used by `npm run simulate` against any server and
// by the demo in-process (SIMULATE=0 turns it off).

export type SimulationOptions = {
  /** the server, e.g. http://127.0.0.1:3000 */
  base: string;
  phone: string;
  password: string;
  /** enterprise title (default: the user's first) */
  enterprise?: string;
  /** how many enabled devices to drive (default all) */
  devices?: number;
  /** visitors per hour relative to a real shop (default 1) */
  speed?: number;
  /** days of backdated visitors uploaded by the first devices on their first activation (default 90) */
  historyDays?: number;
  historyDevices?: number;
  /** devices left never connected, so that status appears too (default 2) */
  neverConnected?: number;
  log?: (msg: string) => void;
  /** false: devices are activated but not started (a test drives their ticks) */
  autostart?: boolean;
  /** false: no live sockets, heartbeats only (default: each screen opens its socket after activation) */
  live?: boolean;
};

export type Simulation = { devices: SimDevice[]; skipped: number[]; history: Promise<number>; stop: () => void };

/** The fault of the i-th device: most are healthy; some lose power, run low on storage or stall. */
export function faultOf(i: number): Fault {
  if (i % 10 === 4) return 'power-loss';
  if (i % 10 === 7) return 'storage-low';
  if (i % 15 === 9) return 'stalled';
  return 'none';
}

const OPEN: Span[] = parseHours(DEFAULT_HOURS) ?? [[540, 1320]];

/**
 * Activation shares the per-address sign-in limit (60 a minute): a fleet behind one address rolls
 * out at that pace, waiting when the server says 40029, as a real rollout script would.
 */
async function retryWhenLimited<T>(fn: () => Promise<T>, stopped: () => boolean): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ApiError && err.ret === RET.tooMany) || stopped()) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

type DeviceRow = { id: number; code: string; shopId: number };
type ShopRow = { id: number; hours: string };
type Activation = { code: string | null; activated: number; activatedAt: number | null };

export async function startSimulation(opts: SimulationOptions): Promise<Simulation> {
  const log = opts.log ?? (() => {});
  const staff = new ConsoleClient(opts.base);
  await staff.login(opts.phone, opts.password, opts.enterprise);
  const rows = await staff.all<DeviceRow>('device/enable-list');
  const shops = new Map<number, Span[]>(
    (await staff.all<ShopRow>('shop/enable-list')).map((s) => [s.id, parseHours(s.hours) ?? [[540, 1320]]] as const),
  );
  const chosen = rows.sort((a, b) => a.id - b.id).slice(0, opts.devices ?? rows.length);
  const never = Math.min(opts.neverConnected ?? 2, chosen.length);
  const live = chosen.slice(0, chosen.length - never);

  let stopped = false;
  const devices: SimDevice[] = [];
  const fresh: SimDevice[] = [];
  const shopOf = new Map<SimDevice, number>();
  for (const [i, row] of live.entries()) {
    let state = await staff.post<Activation>('device/activation', { id: row.id });
    const first = state.activatedAt === null;
    if (!state.code) state = await staff.post<Activation>('device/activation-code', { id: row.id });
    const device = new SimDevice(
      opts.base,
      {
        id: row.id,
        code: row.code,
        activation: state.code!,
        hours: shops.get(row.shopId) ?? OPEN,
        fault: faultOf(i),
        weight: 0.6 + ((row.id * 7919) % 100) / 100,
        seed: row.id,
      },
      opts.speed ?? 1,
      log,
    );
    await retryWhenLimited(
      () => device.activate(),
      () => stopped,
    );
    if (opts.live !== false) device.goLive();
    if (opts.autostart !== false) device.start();
    devices.push(device);
    if (first) fresh.push(device);
    shopOf.set(device, row.shopId);
  }
  log(`simulator: ${devices.length} screens live, ${never} never connected`);

  const history = (async () => {
    let sent = 0;
    // the first devices get the long, dense history; then one device of every other shop a short,
    // thin one, so every shop has visitor history while the first start stays bounded (issue 25 §6)
    const deep = fresh.slice(0, opts.historyDevices ?? 24);
    const covered = new Set(deep.map((d) => shopOf.get(d)));
    const thin = fresh.filter((d) => !covered.has(shopOf.get(d)) && (covered.add(shopOf.get(d)), true));
    const plan = [
      ...deep.map((d) => [d, opts.historyDays ?? 90, 0.5] as const),
      ...thin.map((d) => [d, Math.min(opts.historyDays ?? 90, 14), 0.15] as const),
    ];
    for (const [d, days, scale] of plan) {
      if (stopped) break;
      sent += await d.backfill(days, scale).catch((err: unknown) => {
        log(`simulator history ${d.spec.code}: ${err instanceof Error ? err.message : String(err)}`);
        return 0;
      });
    }
    if (sent) log(`simulator: ${sent} backdated visits uploaded`);
    return sent;
  })();
  return {
    devices,
    skipped: chosen.slice(live.length).map((r) => r.id),
    history,
    stop: () => {
      stopped = true;
      for (const d of devices) d.stop();
    },
  };
}
