import type { MatrixRoute } from './types.js';

// Tenant routes of the enterprise area that every member may call with this body (add each new route).
export const ENTERPRISE_ROUTES: MatrixRoute[] = [];
