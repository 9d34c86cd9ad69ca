// Numbers of the protocol that the screen renderer and the player need without the schemas (no zod:
// `@vitrine/contract/constants` keeps the player small). The schemas import them from here.

/** How long an image shows when its author does not say (spec: carousels of 10 s). */
export const DEFAULT_IMAGE_MS = 10_000;
/** Longest a screen shows one image (ms); an item's duration lies in 1 s … this. */
export const MAX_ITEM_MS = 600_000;
/** Largest batch of plays or visits in one call; 501 events are refused whole (40013). */
export const DEVICE_BATCH_MAX = 500;
