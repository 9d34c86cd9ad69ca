import type { MatrixRoute } from './types.js';

// Tenant routes of the stores area that every member may call with this body (add each new route).
export const STORES_ROUTES: MatrixRoute[] = [];
