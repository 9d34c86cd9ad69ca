import { describe, expect, it } from 'vitest';
import { allCalls } from '@vitrine/contract';
import { TENANT_ROUTES } from './matrix/index.js';

// The isolation matrix is derived from the contract: a tenant call without a row fails here, so a
// new call cannot skip the cross-enterprise checks.

describe('isolation matrix coverage', () => {
  it('every tenant call of the contract has a row', () => {
    const rows = new Set(TENANT_ROUTES.map((r) => r.path));
    const missing = allCalls
      .filter((c) => c.auth === 'tenant' && !rows.has(c.path))
      .map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every row names a tenant call of the contract', () => {
    const tenant = new Set(allCalls.filter((c) => c.auth === 'tenant').map((c) => c.path));
    expect(TENANT_ROUTES.map((r) => r.path).filter((p) => !tenant.has(p))).toEqual([]);
  });
});
