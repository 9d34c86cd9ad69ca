import type { MatrixRoute } from './types.js';

// Tenant routes of the inbox area that every member may call with this body (add each new route).
export const INBOX_ROUTES: MatrixRoute[] = [];
