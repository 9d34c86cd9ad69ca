import { badTextPath, CAMERA_STATES, INT_MAX, INT_MIN, type CameraState } from '@vitrine/contract';

// The heartbeats an instance answered since its last flush, one slot per device, kept as columns:
// the numbers of all slots in one Float64Array (NaN for null), the app version and the errors in two
// plain arrays. A heartbeat writes into its device's slot and allocates nothing that outlives it: an
// object per heartbeat kept until the flush (5 s) survived two young-generation collections and was
// promoted, and at 2,000 heartbeats/s those copies made scavenges of 8–15 ms and a major collection
// every two seconds, the longest stalls of the server's event loop (bench/devices.ts, ADR 0119).

/** What one heartbeat says about the device's state (already validated), with the server's reading of its clock. */
export type Report = {
  appVersion?: string;
  freeStorageMb?: number;
  volume?: number;
  direction?: number;
  errors: { code: string; message?: string }[];
  /** device clock − server clock, seconds (0 when the device did not send its clock) */
  clockSkew: number;
  playing?: { contentId: number; planId: number } | null;
  /** the camera that counts visitors (issue 26); kept as three numbers of the slot */
  camera?: { state: CameraState; fps: number; lastVisitAt?: number | null };
};

const DEVICE = 0;
const ENTERPRISE = 1;
const INTERVAL = 2;
const FIRST = 3;
const SEEN = 4;
const FREE = 5;
const VOLUME = 6;
const DIRECTION = 7;
const SKEW = 8;
const CONTENT = 9;
const PLAN = 10;
const PLAYING_AT = 11;
const CAMERA_STATE = 12;
const CAMERA_FPS = 13;
const CAMERA_LAST = 14;
const FIELDS = 15;

/** One device's row for device_presence_flush. */
export type PresenceRow = {
  device_id: number;
  enterprise_id: number;
  t_first: number;
  t_seen: number;
  hb_interval: number;
  app_version: string;
  free_storage_mb: number | null;
  volume: number | null;
  direction: number | null;
  errors: Report['errors'];
  clock_skew: number;
  playing_content: number | null;
  playing_plan: number | null;
  playing_at: number | null;
  camera: { state: CameraState; fps: number; lastVisitAt: number | null } | null;
};

/** What a number of a row may hold to fit its column of device_presence_flush (null: the column takes null). */
type Bound = { min: number; max: number; int?: true; nullable?: true };
const INT4: Bound = { min: INT_MIN, max: INT_MAX, int: true };
const ID: Bound = { min: 1, max: INT_MAX, int: true };
const SMALLINT: Bound = { min: -32768, max: 32767, int: true, nullable: true };
/** Unix seconds up to the year 5138 (the contract's bound for times) */
const TIME: Bound = { min: 0, max: 1e11 };
/** `real` holds ±3.4e38; nothing a device says comes near */
const REAL: Bound = { min: -1e30, max: 1e30 };

/**
 * The numbers of a row, each with the range of its column: a row outside it would fail the whole
 * statement, and with it every other device of its chunk (issue 24), so it is dropped before.
 */
export const ROW_BOUNDS = {
  device_id: ID,
  enterprise_id: ID,
  t_first: TIME,
  t_seen: TIME,
  hb_interval: { ...INT4, min: 0 },
  free_storage_mb: { ...REAL, nullable: true },
  volume: SMALLINT,
  direction: SMALLINT,
  clock_skew: REAL,
  playing_content: { ...INT4, nullable: true },
  playing_plan: { ...INT4, nullable: true },
  playing_at: { ...TIME, nullable: true },
} as const satisfies Partial<Record<keyof PresenceRow, Bound>>;

const fits = (v: number | null, b: Bound) =>
  v === null ? !!b.nullable : Number.isFinite(v) && v >= b.min && v <= b.max && (!b.int || Number.isInteger(v));

/** The first field of a row that its column would refuse (ROW_BOUNDS; text without NUL or a lone surrogate), or undefined. */
export function rowProblem(row: PresenceRow): string | undefined {
  for (const field of Object.keys(ROW_BOUNDS) as (keyof typeof ROW_BOUNDS)[]) {
    if (!fits(row[field], ROW_BOUNDS[field])) return field;
  }
  if (row.camera && !(fits(row.camera.fps, REAL) && fits(row.camera.lastVisitAt, { ...TIME, nullable: true })))
    return 'camera';
  if (badTextPath(row.app_version) !== undefined) return 'app_version';
  if (badTextPath(row.errors) !== undefined) return 'errors';
  return undefined;
}

const orNull = (x: number) => (Number.isNaN(x) ? null : x);
const cameraOf = (n: Float64Array, b: number): PresenceRow['camera'] =>
  Number.isNaN(n[b + CAMERA_STATE])
    ? null
    : { state: CAMERA_STATES[n[b + CAMERA_STATE]], fps: n[b + CAMERA_FPS], lastVisitAt: orNull(n[b + CAMERA_LAST]) };
const NO_ERRORS: Report['errors'] = [];

/** App versions seen, so that a slot keeps one shared string rather than each heartbeat's own copy. */
const versions = new Map<string, string>();
function intern(v: string): string {
  const known = versions.get(v);
  if (known !== undefined) return known;
  if (versions.size < 1000) versions.set(v, v);
  return v;
}

export class PresenceColumns {
  private readonly slots = new Map<number, number>();
  private num = new Float64Array(0);
  private version: string[] = [];
  private errors: (Report['errors'] | undefined)[] = [];

  get size(): number {
    return this.slots.size;
  }

  private slotOf(deviceId: number, first: number): number {
    let i = this.slots.get(deviceId);
    if (i !== undefined) return i;
    i = this.slots.size;
    if ((i + 1) * FIELDS > this.num.length) {
      const grown = new Float64Array(Math.max(1024, i * 2) * FIELDS);
      grown.set(this.num);
      this.num = grown;
    }
    this.slots.set(deviceId, i);
    const b = i * FIELDS;
    this.num.fill(NaN, b, b + FIELDS);
    this.num[b + DEVICE] = deviceId;
    this.num[b + FIRST] = first;
    this.version[i] = '';
    this.errors[i] = undefined;
    return i;
  }

  /**
   * A heartbeat at `now` (Unix seconds). Within one flush the latest report wins, but what it leaves
   * out (free storage, volume, direction, app version, what is playing) keeps the earlier value, as
   * device_presence_flush keeps the stored one; the first heartbeat's time stays.
   */
  record(deviceId: number, enterpriseId: number, interval: number, report: Report, now: number): void {
    const i = this.slotOf(deviceId, now);
    const n = this.num;
    const b = i * FIELDS;
    n[b + ENTERPRISE] = enterpriseId;
    n[b + INTERVAL] = interval;
    n[b + SEEN] = now;
    if (report.freeStorageMb != null) n[b + FREE] = report.freeStorageMb;
    if (report.volume != null) n[b + VOLUME] = report.volume;
    if (report.direction != null) n[b + DIRECTION] = report.direction;
    n[b + SKEW] = report.clockSkew;
    if (report.playing) {
      n[b + CONTENT] = report.playing.contentId;
      n[b + PLAN] = report.playing.planId;
      n[b + PLAYING_AT] = now;
    }
    if (report.camera) {
      n[b + CAMERA_STATE] = CAMERA_STATES.indexOf(report.camera.state);
      n[b + CAMERA_FPS] = report.camera.fps;
      n[b + CAMERA_LAST] = report.camera.lastVisitAt ?? NaN;
    }
    if (report.appVersion) this.version[i] = intern(report.appVersion);
    this.errors[i] = report.errors.length ? report.errors : undefined;
  }

  /** Slots `from` to `to` (exclusive) as rows of device_presence_flush. */
  rows(from: number, to: number): PresenceRow[] {
    const n = this.num;
    const out: PresenceRow[] = [];
    for (let i = from; i < Math.min(to, this.size); i++) {
      const b = i * FIELDS;
      out.push({
        device_id: n[b + DEVICE],
        enterprise_id: n[b + ENTERPRISE],
        t_first: n[b + FIRST],
        t_seen: n[b + SEEN],
        hb_interval: n[b + INTERVAL],
        app_version: this.version[i],
        free_storage_mb: orNull(n[b + FREE]),
        volume: orNull(n[b + VOLUME]),
        direction: orNull(n[b + DIRECTION]),
        errors: this.errors[i] ?? NO_ERRORS,
        clock_skew: n[b + SKEW],
        playing_content: orNull(n[b + CONTENT]),
        playing_plan: orNull(n[b + PLAN]),
        playing_at: orNull(n[b + PLAYING_AT]),
        camera: cameraOf(n, b),
      });
    }
    return out;
  }

  /**
   * Take back slots `from`… of an earlier set whose write failed: a device heard from again meanwhile
   * keeps its newer report and the earlier first heartbeat; any other gets its slot back as it was.
   */
  restore(older: PresenceColumns, from: number): void {
    for (let j = from; j < older.size; j++) {
      const ob = j * FIELDS;
      const deviceId = older.num[ob + DEVICE];
      const known = this.slots.get(deviceId);
      if (known !== undefined) {
        const b = known * FIELDS;
        this.num[b + FIRST] = Math.min(this.num[b + FIRST], older.num[ob + FIRST]);
        continue;
      }
      const i = this.slotOf(deviceId, older.num[ob + FIRST]);
      this.num.set(older.num.subarray(ob, ob + FIELDS), i * FIELDS);
      this.version[i] = older.version[j];
      this.errors[i] = older.errors[j];
    }
  }
}
