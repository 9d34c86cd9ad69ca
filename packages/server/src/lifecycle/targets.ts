import { shopIdOf, type Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import { codeUnder, inRange, rangeCodes, rangeShopIds } from './range.js';
import type { EntityConfig, Scope } from './types.js';
import type { Row } from '../db/schema/index.js';

// The `targets` reach rule (DESIGN §5): a record aimed at areas (province, city, district codes),
// shops and devices. Each version's targets are kept in record_targets (migration 0010), a shop or
// device resolved to its shop, so lists, counts and reviewer selection query them. Region codes
// nest by prefix (44 ⊃ 4403 ⊃ 440305), so "lies in the range" is a prefix test.

export type Targets = { p: string[]; c: string[]; a: string[]; s: number[]; d: number[] };
export type TargetRow = { kind: 'p' | 'c' | 'a' | 's' | 'd'; code: string; shopId: number | null; place: string[] };

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The targets of a record's data field, normalised (codes as text, shop and device ids as numbers). */
export function targetsOf(v: unknown): Targets {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const codes = (k: string) => [...new Set(list(o[k]).map(String))];
  const ids = (k: string) => [
    ...new Set(
      list(o[k])
        .map((x) => (typeof x === 'string' ? shopIdOf(x) : Number(x)))
        .filter((x): x is number => Number.isInteger(x) && x! > 0),
    ),
  ];
  return { p: codes('p'), c: codes('c'), a: codes('a'), s: ids('s'), d: ids('d') };
}

/** Target rows with each shop's and device's place (province, city, district); unknown ones are 40001. */
export async function resolveTargets(q: Q, scope: Scope, field: string, t: Targets): Promise<TargetRow[]> {
  const rows: TargetRow[] = [
    ...t.p.map((code) => ({ kind: 'p' as const, code, shopId: null, place: [code] })),
    ...t.c.map((code) => ({ kind: 'c' as const, code, shopId: null, place: [code] })),
    ...t.a.map((code) => ({ kind: 'a' as const, code, shopId: null, place: [code] })),
  ];
  if (t.s.length) {
    const shops = await q.query<Row<'shops', 'id' | 'province' | 'city' | 'district'>>(
      'select id, province, city, district from shops where enterprise_id = $1 and id = any($2::int[])',
      [scope.enterpriseId, t.s],
    );
    if (shops.length !== t.s.length) throw fail.invalid(field, 'lifecycle.targetUnknown');
    for (const s of shops)
      rows.push({ kind: 's', code: String(s.id), shopId: s.id, place: [s.province, s.city, s.district] });
  }
  if (t.d.length) {
    const devices = await q.query<Row<'devices', 'id' | 'shop_id'> & Row<'shops', 'province' | 'city' | 'district'>>(
      `select d.id, d.shop_id, s.province, s.city, s.district from devices d join shops s on s.enterprise_id = d.enterprise_id and s.id = d.shop_id
        where d.enterprise_id = $1 and d.id = any($2::int[])`,
      [scope.enterpriseId, t.d],
    );
    if (devices.length !== t.d.length) throw fail.invalid(field, 'lifecycle.targetUnknown');
    for (const d of devices)
      rows.push({ kind: 'd', code: String(d.id), shopId: d.shop_id, place: [d.province, d.city, d.district] });
  }
  if (!rows.length) throw fail.invalid(field, 'lifecycle.targetsEmpty');
  return rows;
}

/**
 * An area wider than the caller's range stands for the part of it they can see (the tree dialog
 * shows a store manager of one district its province and city as parents, and checking them means
 * "my shops there"): such a target becomes the range's areas and shops inside it. Targets inside
 * the range, shops and devices stay as they are (outside the range they are refused as before).
 */
export async function clipToRange(q: Q, scope: Scope, t: Targets): Promise<Targets> {
  const range = scope.range;
  if (range === null) return t;
  const codes = rangeCodes(range);
  const outside = [...t.p, ...t.c, ...t.a].filter((code) => !codeUnder(code, codes));
  if (!outside.length) return t;
  const rangeShops = rangeShopIds(range);
  const shops = rangeShops.length
    ? await q.query<Row<'shops', 'id' | 'district'>>(
        'select id, district from shops where enterprise_id = $1 and id = any($2::int[])',
        [scope.enterpriseId, rangeShops],
      )
    : [];
  // an outside area holding some of the range: replaced by what of the range lies in it
  const wide = outside.filter(
    (code) => codes.some((c) => codeUnder(c, [code])) || shops.some((s) => codeUnder(s.district, [code])),
  );
  if (!wide.length) return t;
  const inside = (code: string) => codeUnder(code, wide);
  const keep = (list: string[], extra: string[]) => [
    ...new Set([...list.filter((code) => !wide.includes(code)), ...extra.filter(inside)]),
  ];
  return {
    p: keep(t.p, range.p),
    c: keep(t.c, range.c),
    a: keep(t.a, range.a),
    s: [...new Set([...t.s, ...shops.filter((s) => inside(s.district)).map((s) => s.id)])],
    d: t.d,
  };
}

/** Every target lies in the range (null = the whole enterprise): the condition for writing. */
export function covered(range: Range | null, rows: TargetRow[]): boolean {
  return rows.every((r) => r.place.some((code) => inRange(range, { shopId: r.shopId, code })));
}

/** Replace one version's target rows. */
export async function saveTargets(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  version: number,
  rows: TargetRow[],
): Promise<void> {
  await q.query(
    'delete from record_targets where enterprise_id = $1 and entity = $2 and record_id = $3 and version = $4',
    [scope.enterpriseId, cfg.entity, id, version],
  );
  await q.query(
    `insert into record_targets (enterprise_id, entity, record_id, version, kind, code, shop_id)
     select $1, $2, $3, $4, r.kind, r.code, r.shop_id from jsonb_to_recordset($5::jsonb) as r(kind text, code text, shop_id int)`,
    [
      scope.enterpriseId,
      cfg.entity,
      id,
      version,
      JSON.stringify(rows.map((r) => ({ kind: r.kind, code: r.code, shop_id: r.shopId }))),
    ],
  );
}

/**
 * SQL over one version's targets (record `idSql`, version `versionSql`) against a range:
 * - touch: some target lies in the range or overlaps it (an area holding a shop of the range counts);
 * - cover: every target lies in the range.
 */
export function targetsSql(
  mode: 'touch' | 'cover',
  entity: string,
  enterprise: string,
  idSql: string,
  versionSql: string,
  range: Range,
  add: (v: unknown) => string,
): string {
  const codes = add(rangeCodes(range));
  const shops = add(rangeShopIds(range));
  const shopIn = `exists (select 1 from shops ts where ts.enterprise_id = ${enterprise} and ts.id = rt.shop_id
      and in_range(ts.id, ts.district, ${codes}::text[], ${shops}::int[]))`;
  const areaIn = `in_range(null, rt.code, ${codes}::text[], ${shops}::int[])`;
  const areaTouches = `(${areaIn} or exists (select 1 from unnest(${codes}::text[]) rc where starts_with(rc, rt.code))
      or exists (select 1 from shops ts where ts.enterprise_id = ${enterprise} and ts.id = any(${shops}::int[]) and starts_with(ts.district, rt.code)))`;
  const one = (area: string) => `(case when rt.shop_id is not null then ${shopIn} else ${area} end)`;
  const from = `record_targets rt where rt.enterprise_id = ${enterprise} and rt.entity = ${add(entity)}
      and rt.record_id = ${idSql} and rt.version = ${versionSql}`;
  return mode === 'touch'
    ? `exists (select 1 from ${from} and ${one(areaTouches)})`
    : `not exists (select 1 from ${from} and not ${one(areaIn)})`;
}
