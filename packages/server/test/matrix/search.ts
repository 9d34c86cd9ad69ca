import { LIST_KINDS } from '@vitrine/contract';
import type { MatrixRoute } from './types.js';

// The search (issue 11 §6). Every body asks for the marker only enterprise b's records carry, so an
// answer to a that leaked b's records would contain it; search/list runs once per kind.
export const SEARCH_ROUTES: MatrixRoute[] = [
  { path: 'search/search', body: (w) => Promise.resolve({ keyword: w.marker }) },
  { path: 'search/search1', body: (w) => Promise.resolve({ keyword: w.marker, from: 0, size: 20 }) },
  ...LIST_KINDS.map((kind): MatrixRoute => ({
    path: 'search/list',
    body: (w) => Promise.resolve({ kind, keyword: w.marker }),
  })),
];
