// Numbers of the protocol that the screen renderer and the player need without the schemas (no zod:
// `@vitrine/contract/constants` keeps the player small). The schemas import them from here.

/** How long an image shows when its author does not say (spec: carousels of 10 s). */
export const DEFAULT_IMAGE_MS = 10_000;
/** Longest a screen shows one image (ms); an item's duration lies in 1 s … this. */
export const MAX_ITEM_MS = 600_000;
/** Largest batch of plays or visits in one call; 501 events are refused whole (40013). */
export const DEVICE_BATCH_MAX = 500;

/**
 * A screen's camera as its heartbeat reports it (issue 26): watching (on), opening (starting),
 * switched off with AI (off), or one of the faults that keep it from counting visitors.
 */
export const CAMERA_STATES = ['starting', 'on', 'off', 'no-camera', 'denied', 'model-failed'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];
/** The heartbeat error each camera fault is reported as (status 1 while the device's AI is on). */
export const CAMERA_ERRORS: Partial<Record<CameraState, string>> = {
  'no-camera': 'camera.off',
  denied: 'camera.denied',
  'model-failed': 'camera.model',
};

/** The spec's visitor age bands (0: 0-18, 1: 19-29, 2: 30-39, 3: 40-49, 4: 50+) for an age in years. */
export function ageBandOf(age: number): number {
  if (age < 19) return 0;
  if (age < 30) return 1;
  if (age < 40) return 2;
  if (age < 50) return 3;
  return 4;
}

/** Where an enterprise's days are counted when it has not said otherwise (DESIGN §7). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * What an incentive scheme measures. amount: sales in fen; quantity: units sold (of the chosen
 * products or category, else all); visitors: visits at the shop; conversion: sales lines per 100
 * visitors of the shop, in tenths (123 = 12.3). Visitors and conversion are shop figures: such
 * schemes rank shops. Here, not beside the schemes: the console's /home reads it without zod.
 */
export const INCENTIVE_METRICS = ['amount', 'quantity', 'visitors', 'conversion'] as const;
export type IncentiveMetric = (typeof INCENTIVE_METRICS)[number];
