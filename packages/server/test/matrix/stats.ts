import type { MatrixRoute } from './types.js';

// Tenant routes of the data centre (issue 11): every member with the /data/count view bit.
export const STATS_ROUTES: MatrixRoute[] = [
  { path: 'stats/pa', body: { from: '2026-01-01', to: '2026-01-07', group: 'day' } },
];
