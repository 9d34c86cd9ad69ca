import { ENTERPRISE_ROUTES } from './enterprise.js';
import { FILES_ROUTES } from './files.js';
import { FOUNDATION_ROUTES } from './foundation.js';
import { INBOX_ROUTES } from './inbox.js';
import { STATS_ROUTES } from './stats.js';
import { ADVERT_ROUTES, markedAdvert } from './advert.js';
import { INFORM_ROUTES, markedInform } from './inform.js';
import { INCENTIVE_M, INCENTIVE_ROUTES } from './incentive.js';
import { enabled } from './stores.js';
import { STORES_ROUTES } from './stores.js';
import { SEARCH_ROUTES } from './search.js';
import { markedRecords as markedStores } from './stores.js';
import type { World } from './types.js';

/** Enterprise b's marked records of every area. */
export async function markedRecords(w: World) {
  await markedStores(w);
  await markedAdvert(w);
  await markedInform(w);
  await enabled(w, w.b, INCENTIVE_M);
}
import type { MatrixRoute } from './types.js';

export type { MatrixRoute };
export const TENANT_ROUTES: MatrixRoute[] = [
  ...FOUNDATION_ROUTES,
  ...ENTERPRISE_ROUTES,
  ...FILES_ROUTES,
  ...INBOX_ROUTES,
  ...STORES_ROUTES,
  ...STATS_ROUTES,
  ...ADVERT_ROUTES,
  ...INFORM_ROUTES,
  ...INCENTIVE_ROUTES,
  ...SEARCH_ROUTES,
];
