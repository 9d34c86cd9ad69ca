import type { MatrixRoute } from './types.js';

export const FOUNDATION_ROUTES: MatrixRoute[] = [
  { path: 'account/menu', body: {} },
  { path: 'account/menu-v2', body: {} },
  { path: 'company/info', body: {} },
  { path: 'account/names', body: { ids: [1] } },
];
