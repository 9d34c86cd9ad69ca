import { z } from 'zod';
import { deviceApi, deviceCommandOut } from './device-api.js';

// The live channel (API.md "Live channel"): GET /device-api/live upgraded to a WebSocket. Push
// only: every message here repeats something the device can also learn by polling.

export const LIVE_PATH = 'live';

/** WebSocket close codes of the live channel (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** missing, unknown or revoked device token; the device was revoked or disabled */
  unauthorized: 4401,
  /** a message that is not JSON or not one of the screen's messages */
  badMessage: 4400,
  /** no hello within the allowed time */
  helloTimeout: 4408,
  /** the same device opened another socket; the older one is closed */
  replaced: 4409,
  /** the server is shutting down (after `bye`) */
  goingAway: 1001,
} as const;

/** Largest message a screen may send (an ack batch). */
export const LIVE_MAX_MESSAGE = 512 * 1024;

/** Screen → server. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), deviceToken: z.string().min(1).max(200), etag: z.string().max(100).optional() }),
  z.object({ type: z.literal('ack'), results: deviceApi.ack.body.shape.results }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** Server → screen. */
export type LiveServerMessage =
  | { type: 'welcome'; serverTime: number; interval: number }
  | { type: 'commands'; commands: z.infer<typeof deviceCommandOut>[] }
  | { type: 'playlist'; etag: string }
  | { type: 'collect' }
  | { type: 'bye'; reconnectInMs: number }
  | { type: 'pong' };

// The console's live feed (issue 27 §1): GET /api/device/live upgraded to a WebSocket. The console
// says who it is in its first message (the five headers of spec §7; never in the URL); a member who
// may view /store is welcomed, anyone else hears `denied` (ret, msg) and the socket closes 4401.
// Events name only what changed in the enterprise — never a record — and the console then refetches
// through the calls that cut to the caller's range.
export const CONSOLE_LIVE_PATH = 'device/live';
/** `devices`: a device's status or acknowledged settings changed; `commands`: a command was queued or answered. */
export const CONSOLE_LIVE_EVENTS = ['devices', 'commands'] as const;
export type ConsoleLiveEvent = (typeof CONSOLE_LIVE_EVENTS)[number];
export const consoleHello = z.object({
  type: z.literal('hello'),
  headers: z.record(z.string().max(40), z.string().max(400)),
});
export type ConsoleLiveMessage =
  { type: 'welcome' } | { type: ConsoleLiveEvent } | { type: 'denied'; ret: number; msg: string };
