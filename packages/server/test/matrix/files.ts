import type { MatrixRoute } from './types.js';

// Tenant routes of the files area that every member may call with this body (add each new route).
export const FILES_ROUTES: MatrixRoute[] = [];
