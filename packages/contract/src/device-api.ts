import { z } from 'zod';
import { CAMERA_ERRORS, CAMERA_STATES, DEVICE_BATCH_MAX, type CameraState } from './constants.js';
import { defineCall } from './call.js';
import { sha256Hex } from './files.js';
import { id, id4, int4 } from './fields.js';

// The device protocol (API.md "Device API"): what a screen says to the server under /device-api.
// The names here are the protocol; fields may be added, never renamed. Bodies are JSON; answers use
// the { ret, msg, result } envelope; a missing, unknown or revoked device token (header `dt`) is
// ret 65536 with HTTP 401. Times are Unix seconds (event times may carry milliseconds as a fraction).

export { CAMERA_ERRORS, CAMERA_STATES, DEVICE_BATCH_MAX, type CameraState };
/** Largest accepted body per call, in bytes (a bigger body is refused with 40013). */
export const DEVICE_BODY_LIMITS = { small: 16 * 1024, batch: 512 * 1024, screenshot: 2 * 1024 * 1024 } as const;
/** An activation code lives 24 h, is used once, and dies after this many wrong tries. */
export const ACTIVATION = { ttlSeconds: 24 * 3600, maxAttempts: 5, length: 8 } as const;
/** Commands not acknowledged within this time expire. */
export const COMMAND_TTL_SECONDS = 24 * 3600;
/** A device whose clock differs from the server's by more than this reports abnormal (status 1). */
export const CLOCK_SKEW_SECONDS = 60;
/** Free storage under this is "storage low" (status 1) even when the device does not say so. */
export const STORAGE_LOW_MB = 200;
/** Offline after this many heartbeat intervals without one; playback abnormal after this many without plays. */
export const OFFLINE_INTERVALS = 2.5;
export const PLAYBACK_INTERVALS = 2;

/** Error codes a device reports in heartbeats (any other code also counts as an error). */
export const DEVICE_ERROR_CODES = [
  'storage.low',
  'download.failed',
  'camera.off',
  'playback.failed',
  'clock.skew',
  'camera.denied',
  'camera.model',
] as const;

/** Command actions as a device receives them (API.md), and the states of a command. */
export const COMMAND_ACTIONS = [
  'volume',
  'direction',
  'ai',
  'restart',
  'refresh',
  'screenshot',
  'virtual-status',
] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];
export const COMMAND_STATES = ['pending', 'delivered', 'acknowledged', 'failed', 'expired'] as const;

/** Visitor actions: walked by; stopped ≥ 3 s; touched or scanned; entered through the screen's door. */
export const VISIT_ACTIONS = ['pass', 'watch', 'interact', 'enter'] as const;

const num = z.number({ error: 'field.invalid' });
/** Every integer of a device body fits the int column it lands in (fields.ts: int4, id4 = 1..2^31−1). */
const whole = int4;
const positive = id4;
/** Unix seconds, possibly with a millisecond fraction. */
const unixTime = num.min(0, 'field.invalid').max(1e11, 'field.invalid');
const uuid = z
  .string({ error: 'field.required' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'field.invalid');
const short = (max: number) => z.string({ error: 'field.invalid' }).trim().max(max, 'field.tooLong');

// ---------------------------------------------------------------- activation and heartbeat

export const hardware = z.object({
  model: short(100).optional(),
  os: short(100).optional(),
  screen: z.object({ w: positive.max(20000, 'field.invalid'), h: positive.max(20000, 'field.invalid') }).optional(),
  appVersion: short(40).optional(),
});

/** What the console set for this device; the player applies it (commands announce changes). */
export const deviceConfig = z.object({
  name: z.string(),
  type: z.string(),
  /** 1 landscape, 0 portrait */
  direction: z.number(),
  volume: z.number(),
  ai: z.number(),
  /** IANA time zone of the enterprise: segment times are wall-clock there. */
  timezone: z.string(),
  /** 1: show the "camera in use" mark while the camera counts visitors (an enterprise setting) */
  cameraMark: z.number().optional(),
});

export const deviceError = z.object({ code: short(64).min(1, 'field.required'), message: short(500).optional() });

export const heartbeatBody = z.object({
  appVersion: short(40).optional(),
  freeStorageMb: num.min(0, 'field.invalid').max(1e9, 'field.invalid').optional(),
  playing: z
    .object({ contentId: positive, planId: whole.min(0, 'field.invalid') })
    .nullable()
    .optional(),
  volume: whole.min(0, 'field.invalid').max(100, 'field.invalid').optional(),
  direction: z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' }).optional(),
  errors: z.array(deviceError).max(20, 'field.tooLong').optional(),
  /** The device's own clock (Unix seconds) when it sent this heartbeat: the server compares it with its own. */
  clock: unixTime.optional(),
  /** 1: the device holds an open live socket and heartbeats at the welcome's longer interval (presence judges it by that). */
  live: z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' }).optional(),
  /** The playlist ETag the device holds (informative; the answer's playlistEtag is the truth). */
  playlistEtag: short(100).optional(),
  /** The camera that counts visitors (issue 26): its state, frames analysed a second, the last visit it made. */
  camera: z
    .object({
      state: z.enum(CAMERA_STATES, { error: 'field.invalid' }),
      fps: num.min(0, 'field.invalid').max(1000, 'field.invalid'),
      lastVisitAt: unixTime.nullable().optional(),
    })
    .optional(),
});

export const deviceCommandOut = z.object({
  id: z.number(),
  action: z.enum(COMMAND_ACTIONS),
  params: z.record(z.string(), z.unknown()),
  ctime: z.number(),
  /** per-device order: apply commands in ascending seq */
  seq: z.number(),
});

// ---------------------------------------------------------------- playlist (API.md's shape)

/** A product as a product display or comparison shows it (its picture by hash, in the file manifest). */
export const playlistProduct = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  unit: z.string(),
  image: z.string().nullable(),
  sellingPoints: z.array(z.string()),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
});
export const playlistItem = z.object({
  contentId: z.number(),
  type: z.string(),
  durationMs: z.number(),
  files: z.array(z.string()),
  /** product displays and comparisons (added to API.md's shape): what the panel shows */
  show: z.object({ layout: z.string(), specNames: z.array(z.string()), products: z.array(playlistProduct) }).optional(),
});
export const playlistSegment = z.object({
  from: z.number(),
  to: z.number(),
  planId: z.number(),
  items: z.array(playlistItem),
});
export const playlistPitch = z.object({
  pitchId: z.number(),
  gender: z.number(),
  ageBand: z.number(),
  text: z.string(),
  files: z.array(z.string()),
});
export const playlistFile = z.object({ sha256: z.string(), size: z.number(), mime: z.string(), url: z.string() });
export const playlist = z.object({
  etag: z.string(),
  generatedAt: z.number(),
  timezone: z.string(),
  segments: z.array(playlistSegment),
  fallback: z.object({ planId: z.number(), items: z.array(playlistItem) }).nullable(),
  bgm: z.array(playlistItem),
  pitches: z.array(playlistPitch),
  files: z.array(playlistFile),
  /** when the answer may change by time alone (Unix seconds) */
  nextChangeAt: z.number(),
});
export type Playlist = z.infer<typeof playlist>;

// ---------------------------------------------------------------- events

export const playEvent = z.object({
  eventId: uuid,
  contentId: positive,
  planId: whole.min(0, 'field.invalid'),
  materialSha256: sha256Hex.optional(),
  start: unixTime,
  durationMs: whole.min(0, 'field.invalid').max(24 * 3600 * 1000, 'field.invalid'),
});
export const visitEvent = z.object({
  eventId: uuid,
  time: unixTime,
  /** 1 male, 2 female, 0 unknown */
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'field.invalid' }),
  /** 0: 0-18, 1: 19-29, 2: 30-39, 3: 40-49, 4: 50+ */
  ageBand: whole.min(0, 'field.invalid').max(4, 'field.invalid'),
  action: z.enum(VISIT_ACTIONS, { error: 'field.invalid' }),
  dwellMs: whole
    .min(0, 'field.invalid')
    .max(24 * 3600 * 1000, 'field.invalid')
    .optional(),
  pitchId: positive.optional(),
});
export type PlayEvent = z.infer<typeof playEvent>;
export type VisitEvent = z.infer<typeof visitEvent>;

/** One event the server did not take: its id (as sent), a reason key and the reason in the request's language. */
export const rejectedEvent = z.object({
  eventId: z.string(),
  reason: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export const batchResult = z.object({ accepted: z.number(), duplicates: z.number(), rejected: z.array(rejectedEvent) });

// ---------------------------------------------------------------- the calls

const byDevice = { auth: 'device' as const };

export const deviceApi = {
  activate: defineCall({
    path: 'activate',
    auth: 'public',
    limit: 'activate',
    summary:
      "Activate a screen: the device's code from the console and the one-time activation code shown there " +
      '(single use, 24 h, 5 wrong tries kill it). A new token revokes the previous one.',
    body: z.object({
      code: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(64, 'field.tooLong'),
      activation: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(32, 'field.tooLong'),
      hw: hardware.optional(),
    }),
    result: z.object({ deviceToken: z.string(), deviceId: z.number(), interval: z.number(), config: deviceConfig }),
  }),
  heartbeat: defineCall({
    path: 'heartbeat',
    ...byDevice,
    summary:
      'State and errors of the device; answers the server time, its heartbeat period, the playlist ETag and the commands not yet acknowledged (in order)',
    body: heartbeatBody,
    result: z.object({
      serverTime: z.number(),
      interval: z.number(),
      playlistEtag: z.string(),
      commands: z.array(deviceCommandOut),
      config: deviceConfig,
    }),
  }),
  ack: defineCall({
    path: 'ack',
    ...byDevice,
    summary: 'Results of commands (idempotent): ok 1 acknowledged, 0 failed; file = the id from screenshot',
    body: z.object({
      results: z
        .array(
          z.object({
            id: positive,
            ok: z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' }),
            message: short(500).optional(),
            file: positive.optional(),
          }),
        )
        .max(DEVICE_BATCH_MAX, 'field.tooLong'),
    }),
    result: z.object({
      accepted: z.array(z.number()),
      rejected: z.array(z.object({ id: z.number(), reason: z.string() })),
    }),
  }),
  playlist: defineCall({
    path: 'playlist',
    method: 'GET',
    ...byDevice,
    summary: "The device's playlist; If-None-Match with its ETag answers 304",
    body: z.object({}),
    result: playlist,
  }),
  file: defineCall({
    path: 'file',
    method: 'GET',
    ...byDevice,
    summary:
      "The bytes of a file of the device's playlist by SHA-256; supports Range (206). The signed URL in files[].url works too.",
    body: z.object({ sha256: sha256Hex }),
    result: z.unknown(),
  }),
  plays: defineCall({
    path: 'plays',
    ...byDevice,
    summary: 'Proof of play, ≤ 500 events; idempotent per (device, eventId); a bad event is rejected alone',
    body: z.object({ events: z.array(playEvent).max(DEVICE_BATCH_MAX) }),
    result: batchResult,
  }),
  visits: defineCall({
    path: 'visits',
    ...byDevice,
    summary: 'Visitor events, ≤ 500; idempotent per (device, eventId); a bad event is rejected alone',
    body: z.object({ events: z.array(visitEvent).max(DEVICE_BATCH_MAX) }),
    result: batchResult,
  }),
  screenshot: defineCall({
    path: 'screenshot',
    ...byDevice,
    summary:
      'Multipart: field commandId (a screenshot command of this device) and one image (png, jpeg or webp ≤ 2 MB)',
    body: z.object({ commandId: id }),
    result: z.object({ fileId: z.number() }),
  }),
};

export const DEVICE_API_PREFIX = '/device-api';
