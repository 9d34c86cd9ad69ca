// The heartbeats an instance answered since its last flush, one slot per device, kept as columns:
// the numbers of all slots in one Float64Array (NaN for null), the app version and the errors in two
// plain arrays. A heartbeat writes into its device's slot and allocates nothing that outlives it: an
// object per heartbeat kept until the flush (5 s) survived two young-generation collections and was
// promoted, and at 2,000 heartbeats/s those copies made scavenges of 8–15 ms and a major collection
// every two seconds, the longest stalls of the server's event loop (bench/devices.ts, ADR 0111).

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
const FIELDS = 12;

/** One device's row for device_presence_flush. */
export type PresenceRow = {
  device_id: number; enterprise_id: number; t_first: number; t_seen: number; hb_interval: number; app_version: string;
  free_storage_mb: number | null; volume: number | null; direction: number | null; errors: Report['errors']; clock_skew: number;
  playing_content: number | null; playing_plan: number | null; playing_at: number | null;
};

const orNull = (x: number) => (Number.isNaN(x) ? null : x);
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
        device_id: n[b + DEVICE], enterprise_id: n[b + ENTERPRISE], t_first: n[b + FIRST], t_seen: n[b + SEEN], hb_interval: n[b + INTERVAL],
        app_version: this.version[i], free_storage_mb: orNull(n[b + FREE]), volume: orNull(n[b + VOLUME]), direction: orNull(n[b + DIRECTION]),
        errors: this.errors[i] ?? NO_ERRORS, clock_skew: n[b + SKEW], playing_content: orNull(n[b + CONTENT]), playing_plan: orNull(n[b + PLAN]),
        playing_at: orNull(n[b + PLAYING_AT]),
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
