import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import type { Scope } from '../lifecycle/types.js';

// Checks shared by the stores-area entities' validation.

/** The named shop must exist in this enterprise (any lifecycle state). */
export async function checkShop(q: Q, scope: Scope, shopId: unknown): Promise<void> {
  const rows = await q.query('select 1 from shops where enterprise_id = $1 and id = $2', [
    scope.enterpriseId,
    Number(shopId),
  ]);
  if (!rows.length) throw fail.invalid('shopId', 'shop.notFound');
}

/** A code column must be free in this enterprise (other than on the record itself). */
export async function checkFree(
  q: Q,
  scope: Scope,
  table: 'shops' | 'devices' | 'commodities',
  code: unknown,
  recordId: number | null,
  key: 'shop.codeTaken' | 'device.codeTaken' | 'commodity.codeTaken',
) {
  const rows = await q.query(`select 1 from ${table} where enterprise_id = $1 and code = $2 and id <> $3`, [
    scope.enterpriseId,
    String(code),
    recordId ?? 0,
  ]);
  if (rows.length) throw fail.conflict(key);
}

/** Province (2), city (4) and district (6) must exist and nest. */
export async function checkRegion(q: Q, province: unknown, city: unknown, district: unknown): Promise<void> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from regions
      where (code = $1 and level = 1) or (code = $2 and pid = $1 and level = 2) or (code = $3 and pid = $2 and level = 3)`,
    [String(province), String(city), String(district)],
  );
  if (row.n !== 3) throw fail.invalid('district', 'shop.region');
}

/** A reference to a department or job of this enterprise. */
export async function checkRef(
  q: Q,
  scope: Scope,
  table: 'departments' | 'jobs',
  id: unknown,
  field: string,
): Promise<void> {
  if (id === null || id === undefined) return;
  const rows = await q.query(`select 1 from ${table} where enterprise_id = $1 and id = $2`, [
    scope.enterpriseId,
    Number(id),
  ]);
  if (!rows.length) throw fail.invalid(field, 'field.invalid');
}

export const suffix = () => Math.random().toString(36).slice(2, 6);
export const maskPhone = (p: unknown) =>
  typeof p === 'string' && p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p;
