import { hash } from 'node:crypto';
import type { Db, Q } from '../db/client.js';
import type { Row } from '../db/schema/index.js';
import type { DeviceInputs, DeviceScope, PlaylistSource } from '../device-api/playlist.js';
import { targetsOf } from '../lifecycle/targets.js';
import { localDayOf } from '../lib/local-time.js';
import { resolve, type ContentInput, type FileInput, type PlanInput, type World } from './resolve.js';

// Where the device API's playlists come from once plans exist (issue 9 §5): the enterprise's
// launched plans, their contents and materials, read from the database and kept for a few seconds
// per enterprise (every heartbeat asks for an ETag), then the pure resolution per device and day.

export const fileUrl = (sha256: string) => `/device-api/file?sha256=${sha256}`;

// live_version: the queries keep enabled records only (`live_version is not null`)
type PlanRow = Row<
  'ad_plans',
  'id' | 'priority' | 'is_default' | 'targets' | 'device_type' | 'orientation' | 'bgm_content_id' | 'ai_pitches'
> & {
  live_version: number;
  date_from: string;
  date_to: string;
  weekdays: number[];
  dayparts: { from: string; to: string }[];
  contents: { contentId: number; weight?: number }[];
};
type PitchRow = Row<'ai_pitches', 'id' | 'gender' | 'age_band' | 'text' | 'audio_id' | 'scope'> & {
  live_version: number;
};
type ContentRow = Row<'ad_contents', 'id' | 'ad_type' | 'device_type' | 'orientation' | 'layout'> & {
  live_version: number;
  items: { fileId: number; durationMs: number }[];
  bgm: { fileId: number }[];
  commodity_ids: number[];
  spec_names: string[];
};
type ProductRow = Row<'commodities', 'id' | 'name' | 'brand' | 'price' | 'unit'> & {
  images: number[];
  selling_points: string[];
  specs: { name: string; value: string }[];
};
type FileRow = Row<'files', 'id' | 'sha256' | 'size' | 'mime' | 'duration'>;

/** The panel of a product display or comparison: its enabled products in the content's order, each with its first picture. */
function showOf(
  c: ContentRow,
  products: ProductRow[],
  shaOf: (fileId: number) => string | undefined,
): NonNullable<ContentInput['show']> {
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    layout: c.layout,
    specNames: c.spec_names,
    products: c.commodity_ids.flatMap((id) => {
      const p = byId.get(Number(id));
      return p
        ? [
            {
              id: p.id,
              name: p.name,
              brand: p.brand,
              price: Number(p.price),
              unit: p.unit,
              image: p.images.length ? (shaOf(p.images[0]) ?? null) : null,
              sellingPoints: p.selling_points,
              specs: p.specs,
            },
          ]
        : [];
    }),
  };
}

/** Reads acting for the enterprise: a transaction's `query`, or `db.read` with its scope. */
export type Reader = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * The plans that may play in the enterprise and what they need: a plan runs only when it is
 * enabled, launched (online) and not deleted (its typed columns hold the enabled version);
 * `alsoPlan` is read even when not launched (the console asks what it would do).
 */
export async function loadWorld(read: Reader, enterpriseId: number, today: string, alsoPlan = 0): Promise<World> {
  const plans = await read<PlanRow>(
    `select id, live_version, priority, is_default, to_char(date_from, 'YYYY-MM-DD') as date_from, to_char(date_to, 'YYYY-MM-DD') as date_to,
            weekdays, dayparts, contents, targets, device_type, orientation, bgm_content_id, ai_pitches
       from ad_plans where enterprise_id = $1 and live_version is not null and deleted_at is null and (online = 302 or id = $3) and date_to >= $2::date - 1
      order by id`,
    [enterpriseId, today, alsoPlan],
  );
  const contentIds = [
    ...new Set(
      plans.flatMap((p) => [
        ...p.contents.map((c) => Number(c.contentId)),
        ...(p.bgm_content_id ? [p.bgm_content_id] : []),
      ]),
    ),
  ];
  const contents = contentIds.length
    ? await read<ContentRow>(
        `select id, live_version, ad_type, device_type, orientation, items, bgm, commodity_ids, spec_names, layout from ad_contents
      where enterprise_id = $1 and id = any($2::int[]) and live_version is not null and deleted_at is null and online = 302`,
        [enterpriseId, contentIds],
      )
    : [];
  const productIds = [
    ...new Set(
      contents.flatMap((c) => (c.ad_type === 'details' || c.ad_type === 'compare' ? c.commodity_ids.map(Number) : [])),
    ),
  ];
  const products = productIds.length
    ? await read<ProductRow>(
        `select id, name, brand, price, unit, images, selling_points, specs from commodities
      where enterprise_id = $1 and id = any($2::int[]) and live_version is not null and deleted_at is null`,
        [enterpriseId, productIds],
      )
    : [];
  const pitchRows = plans.some((p) => p.ai_pitches === 1)
    ? await read<PitchRow>(
        `select id, live_version, gender, age_band, text, audio_id, scope from ai_pitches
      where enterprise_id = $1 and live_version is not null and deleted_at is null`,
        [enterpriseId],
      )
    : [];
  const fileIds = [
    ...new Set([
      ...contents.flatMap((c) => [...c.items, ...c.bgm].map((i) => Number(i.fileId))),
      ...products.flatMap((p) => p.images.slice(0, 1).map(Number)),
      ...pitchRows.flatMap((p) => (p.audio_id ? [Number(p.audio_id)] : [])),
    ]),
  ];
  const files = fileIds.length
    ? await read<FileRow>(
        'select id, sha256, size, mime, duration from files where enterprise_id = $1 and id = any($2::int[])',
        [enterpriseId, fileIds],
      )
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  const shaOf = (id: number) => byId.get(Number(id))?.sha256;
  return {
    plans: plans.map((p): PlanInput => ({
      id: p.id,
      version: p.live_version,
      priority: p.priority,
      isDefault: p.is_default === 1,
      dateFrom: p.date_from,
      dateTo: p.date_to,
      weekdays: p.weekdays,
      dayparts: p.dayparts,
      contents: p.contents.map((c) => ({ contentId: Number(c.contentId), weight: Number(c.weight ?? 1) })),
      targets: targetsOf(p.targets),
      deviceType: p.device_type,
      orientation: p.orientation,
      bgmContentId: p.bgm_content_id,
      aiPitches: p.ai_pitches === 1,
    })),
    pitches: pitchRows.map((p) => ({
      id: p.id,
      version: p.live_version,
      gender: p.gender,
      ageBand: p.age_band,
      text: p.text,
      audio: p.audio_id ? (shaOf(p.audio_id) ?? null) : null,
      scope: targetsOf(p.scope),
    })),
    contents: new Map(
      contents.map((c): [number, ContentInput] => [
        c.id,
        {
          id: c.id,
          version: c.live_version,
          adType: c.ad_type,
          deviceType: c.device_type,
          orientation: c.orientation,
          items: c.items.flatMap((i) =>
            shaOf(i.fileId) ? [{ sha256: shaOf(i.fileId)!, durationMs: Number(i.durationMs) }] : [],
          ),
          tracks: c.bgm.flatMap((b) => {
            const f = byId.get(Number(b.fileId));
            return f ? [{ sha256: f.sha256, durationMs: Math.round((f.duration ?? 0) * 1000) }] : [];
          }),
          ...(c.ad_type === 'details' || c.ad_type === 'compare' ? { show: showOf(c, products, shaOf) } : {}),
        },
      ]),
    ),
    files: new Map(
      files.map((f): [string, FileInput] => [f.sha256, { sha256: f.sha256, size: Number(f.size), mime: f.mime }]),
    ),
  };
}

/**
 * The playlists of the advertising resolution. An enterprise's plans are read at most once per
 * `ttlMs` on this instance (0: on every call), so a launched or revoked plan reaches the screens
 * within that time plus one heartbeat; a device's place (its shop's regions) is read with them.
 * Heartbeats need only the ETag: each device's is kept with the inputs it was resolved from (its
 * day, shop, place, type, orientation, zone) while the enterprise's plans read the same as before
 * (`fingerprint`), and is resolved again when any of them differs.
 */
type Place = Row<'shops', 'province' | 'city' | 'district'>;
type Memo = {
  /** device → the inputs its ETag was resolved from (one shared string per distinct inputs, from `keys`) and the ETag */
  etags: Map<number, { key: string; etag: string }>;
  keys: Map<string, string>;
};
type Entry = {
  at: number;
  stale?: boolean;
  day: string;
  world: World;
  fingerprint: string;
  places: Map<number, Place>;
  memo: Memo;
};

/** How long an entry no call renews is kept. */
const STALE_MS = 10 * 60_000;

/** What the world's plans, contents, files and pitches hold, as one hash (Maps as their entries). */
const fingerprintOf = (w: World) =>
  hash('sha256', JSON.stringify([w.plans, w.pitches ?? [], [...w.contents], [...w.files]]), 'base64url');

export function advertPlaylists(db: Db, opts: { ttlMs?: number } = {}): PlaylistSource {
  const ttl = opts.ttlMs ?? 5000;
  // resolved values only: a caller inside a transaction (q) never waits for a read that needs the
  // session it holds (PGlite); outside one, concurrent callers share one load (single flight)
  // keyed by enterprise and local day: an enterprise's screens in two zones are on two days for some
  // hours, and each keeps its own entry rather than each call reloading the other's
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  // bumped by invalidate(): a load that began before is used by its callers but not kept
  let generation = 0;
  const load = async (k: string, enterpriseId: number, day: string, read: Reader): Promise<Entry> => {
    const began = generation;
    const world = await loadWorld(read, enterpriseId, day);
    const fingerprint = fingerprintOf(world);
    const prev = entries.get(k);
    // places are read again with every load; the kept ETags are checked against them
    const entry: Entry = {
      at: Date.now(),
      stale: began !== generation,
      day,
      world,
      fingerprint,
      places: new Map<number, Place>(),
      memo: prev?.fingerprint === fingerprint ? prev.memo : { etags: new Map(), keys: new Map() },
    };
    entries.set(k, entry);
    // an entry no call has renewed for a while (a past day, an enterprise gone quiet) is dropped
    for (const [other, e] of entries) if (entry.at - e.at > STALE_MS) entries.delete(other);
    return entry;
  };
  const entryFor = (enterpriseId: number, day: string, read: Reader, inTx: boolean): Promise<Entry> => {
    const k = `${enterpriseId}:${day}`;
    const e = entries.get(k);
    if (e && !e.stale && Date.now() - e.at < ttl) return Promise.resolve(e);
    if (inTx) return load(k, enterpriseId, day, read);
    let p = loading.get(k);
    if (!p) {
      p = load(k, enterpriseId, day, read).finally(() => loading.delete(k));
      loading.set(k, p);
    }
    return p;
  };
  /** The enterprise's entry for the device's local day, and the device as the resolution sees it. */
  const deviceOf = async (scope: DeviceScope, device: DeviceInputs, now: Date, q?: Q) => {
    const day = localDayOf(device.timezone, now.getTime());
    const read: Reader = q
      ? (sql, params) => q.query(sql, params)
      : (sql, params) => db.read({ enterpriseId: scope.enterpriseId }, sql, params);
    const entry = await entryFor(scope.enterpriseId, day, read, !!q);
    let place = entry.places.get(scope.shopId);
    if (!place) {
      const [row] = await read<Place>(
        'select province, city, district from shops where enterprise_id = $1 and id = $2',
        [scope.enterpriseId, scope.shopId],
      );
      place = row ?? { province: '', city: '', district: '' };
      entry.places.set(scope.shopId, place);
    }
    const d = {
      id: scope.deviceId,
      shopId: scope.shopId,
      ...place,
      type: device.type,
      orientation: device.orientation,
      timezone: device.timezone,
    };
    return { entry, day, d };
  };
  return {
    async playlistFor(scope, device, now, q) {
      const { entry, d } = await deviceOf(scope, device, now, q);
      return resolve(d, entry.world, now, fileUrl);
    },
    invalidate(enterpriseId) {
      generation++;
      for (const k of [...entries.keys(), ...loading.keys()]) {
        if (enterpriseId !== undefined && !k.startsWith(`${enterpriseId}:`)) continue;
        // the entry stays for its kept ETags (reused when the plans read the same), but is stale
        const e = entries.get(k);
        if (e) e.stale = true;
        loading.delete(k);
      }
    },
    async etagFor(scope, device, now) {
      const { entry, day, d } = await deviceOf(scope, device, now);
      const { etags, keys } = entry.memo;
      const inputs = JSON.stringify([day, d.shopId, d.province, d.city, d.district, d.type, d.orientation, d.timezone]);
      const kept = etags.get(d.id);
      if (kept?.key === inputs) return kept.etag;
      let key = keys.get(inputs);
      if (key === undefined) keys.set(inputs, (key = inputs));
      const { etag } = resolve(d, entry.world, now, fileUrl);
      etags.set(d.id, { key, etag });
      return etag;
    },
  };
}
