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
  /** visitors per hour relative to a real shop (default 1), live and in the history alike */
  speed?: number;
  /**
   * Days of backdated visitors and plays each screen uploads on its first activation (default
   * DEMO_HISTORY_DAYS), by the same rules and at the same rate as its live reports.
   */
  historyDays?: number;
  /** how many screens upload history, the first by id (default all) */
  historyDevices?: number;
  /** when the screens' live reports begin and their history ends (Unix seconds, default now; see SimDeviceSpec) */
  since?: number;
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
 * The demo's history (issue 25 §6): every screen its last two weeks — yesterday, the dashboard's
 * week and the data centre's default 7 days with the 7 before them — at its live rate, so no figure
 * compares live reports with a thinner history. A longer one for every screen outgrows a fast
 * start (each day of the demo's fleet is ~70,000 events), and a longer one for a few screens
 * would show as a step in every chain-wide trend.
 */
export const DEMO_HISTORY_DAYS = 14;

/**
 * The devices left never connected: the last `n` that are not the first of their shop, so each
 * shop keeps its first screen (the entrance one, with the camera) and its figures; with too few
 * such, the last ones.
 */
export function neverConnected<T extends { id: number; shopId: number }>(rows: T[], n: number): Set<T> {
  const first = new Map<number, number>();
  for (const r of rows) if (!first.has(r.shopId) || r.id < first.get(r.shopId)!) first.set(r.shopId, r.id);
  const out = new Set<T>();
  for (let i = rows.length - 1; i >= 0 && out.size < n; i--)
    if (first.get(rows[i].shopId) !== rows[i].id) out.add(rows[i]);
  for (let i = rows.length - 1; i >= 0 && out.size < n; i--) out.add(rows[i]);
  return out;
}

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
  const skipped = neverConnected(chosen, opts.neverConnected ?? 2);
  const live = chosen.filter((r) => !skipped.has(r));

  let stopped = false;
  const devices: SimDevice[] = [];
  const fresh: SimDevice[] = [];
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
        since: opts.since,
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
  }
  log(`simulator: ${devices.length} screens live, ${skipped.size} never connected`);

  const history = (async () => {
    let sent = 0;
    const days = opts.historyDays ?? DEMO_HISTORY_DAYS;
    const uploading = days > 0 ? fresh.slice(0, opts.historyDevices ?? fresh.length) : [];
    // the two days the dashboard compares first, for every screen, then the rest: within seconds of
    // the start today and yesterday are whole, while the fortnight is still arriving
    const recent = Math.min(days, 2);
    for (const [from, to] of [
      [recent, 0],
      [days, recent],
    ]) {
      for (const d of from > to ? uploading : []) {
        if (stopped) break;
        sent += await d.backfill(from, opts.speed ?? 1, to).catch((err: unknown) => {
          log(`simulator history ${d.spec.code}: ${err instanceof Error ? err.message : String(err)}`);
          return 0;
        });
      }
    }
    if (sent) log(`simulator: ${sent} backdated visits uploaded`);
    return sent;
  })();
  return {
    devices,
    skipped: chosen.filter((r) => skipped.has(r)).map((r) => r.id),
    history,
    stop: () => {
      stopped = true;
      for (const d of devices) d.stop();
    },
  };
}
