import { z } from 'zod';
import { defineCall } from './call.js';
import { COMMAND_ACTIONS, COMMAND_STATES } from './device-api.js';
import { id, int } from './fields.js';

// The console's side of the device loop (issue 10): a device's command queue with each state and
// the screenshot it sent back, its activation code, and its status history.

const STORE = '/store';
const publish = { menu: STORE, bit: 'publish' } as const;
const view = { menu: STORE, bit: 'view' } as const;

/** A queued remote command. `kind` is the action the device receives (API.md command actions). */
export const deviceCommand = z.object({
  id: z.number(),
  deviceId: z.number(),
  seq: z.number(),
  kind: z.enum(COMMAND_ACTIONS),
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  result: z.unknown(),
  createdBy: z.number(),
  ctime: z.number(),
  mtime: z.number(),
  /** Unix seconds: returned by a heartbeat; acknowledged or failed; when it expires unacknowledged */
  deliveredAt: z.number().nullable(),
  doneAt: z.number().nullable(),
  expiresAt: z.number(),
  /** the screenshot the device sent back for this command: a short-lived signed URL */
  screenshotUrl: z.string().nullable(),
});

/**
 * A device's activation: the one-time code to type on the screen (null when none is valid), its
 * expiry and wrong tries, and whether a device token is in force (activated).
 */
export const activationState = z.object({
  code: z.string().nullable(),
  expires: z.number().nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  activated: z.number(),
  activatedAt: z.number().nullable(),
});

export const statusEvent = z.object({ status: z.number(), previous: z.number().nullable(), at: z.number() });
/** Online time per local day (seconds and share of the day so far) from the recorded transitions. */
export const uptimeDay = z.object({ day: z.string(), onlineSeconds: z.number(), ratio: z.number() });
/**
 * The screen's camera (issue 26) as its last heartbeat reported it — state (CAMERA_STATES), analysed
 * frames a second, its last visit (Unix seconds), when reported — or null before any report.
 */
export const deviceCamera = z.object({
  state: z.string(),
  fps: z.number(),
  lastVisitAt: z.number().nullable(),
  at: z.number(),
});
/** The screen's visitors of the last hour: person-visits, by gender (1 male, 2 female, 0 unknown), and how many stopped (watch). */
export const recentVisits = z.object({
  total: z.number(),
  male: z.number(),
  female: z.number(),
  unknown: z.number(),
  watch: z.number(),
});

export const deviceAdminCalls = {
  activation: defineCall({
    path: 'device/activation',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'device', verb: 'update' },
    summary: "A device's activation code (made when the device has none and no token) and whether it is activated",
    body: z.object({ id }),
    result: activationState,
  }),
  activationCode: defineCall({
    path: 'device/activation-code',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'device', verb: 'update' },
    summary: 'A new activation code for the device (the previous unused one stops working)',
    body: z.object({ id }),
    result: activationState,
  }),
  deactivate: defineCall({
    path: 'device/deactivate',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'device', verb: 'revoke' },
    summary: "Revoke the device's token (it stops working at once) and any unused activation code",
    body: z.object({ id }),
    result: activationState,
  }),
  statusEvents: defineCall({
    path: 'device/status-events',
    auth: 'tenant',
    perm: view,
    summary:
      "A device's recent status transitions (newest first), its online time per day, its last reported errors and camera, and its visitors of the last hour",
    body: z.object({ id, days: int.min(1, 'field.invalid').max(90, 'field.invalid').default(7) }),
    result: z.object({
      events: z.array(statusEvent),
      uptime: z.array(uptimeDay),
      lastSeen: z.number().nullable(),
      neverConnected: z.number(),
      /** the errors of the last heartbeat (a camera refused, a download failing…) */
      errors: z.array(z.object({ code: z.string(), message: z.string().optional() })),
      camera: deviceCamera.nullable(),
      visitsLastHour: recentVisits,
    }),
  }),
};
