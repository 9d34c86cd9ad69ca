import type { Q } from '../client.js';
import { ensureMenus } from '../../domains/company/menus.js';

// Every enterprise holds every default menu of domains/company/defaults.ts, with each job's default
// bits on menus it did not have. A slice that adds menus adds a migration like this one.
export async function up(q: Q): Promise<void> {
  await ensureMenus(q);
}
