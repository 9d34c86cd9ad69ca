import type { TFunction } from 'i18next';
import { DEVICE_STATUS, PERM, decodeWeight } from '@vitrine/contract';

// An operation-log entry's before/after, field by field, in the reader's language: field labels
// from the locale files (oplog:field.*), enumerations as words, ranges and permission bits spelled
// out. The server stores the fields that changed (oplog/settle.ts); this only reads them.

export type FieldChange = { field: string; label: string; before: string; after: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const BIT_NAMES = Object.fromEntries(Object.entries(PERM).map(([name, bit]) => [bit, name]));
const DEVICE_STATUS_NAMES = Object.fromEntries(Object.entries(DEVICE_STATUS).map(([name, code]) => [code, name]));

/** The words for one field's value. */
export function formatValue(entity: string, field: string, v: unknown, t: TFunction<['oplog']>): string {
  const empty = t('oplog:value.empty');
  if (v === null || v === undefined || v === '')
    return field === 'range' && v === null ? t('oplog:value.range.all') : empty;
  const word = (key: string) => t(key, { defaultValue: String(v) });
  if (entity === 'job-menus') {
    const bits = decodeWeight(Number(v)).map((b) => t(`enterprise:bit.${BIT_NAMES[b]}`, { defaultValue: String(b) }));
    return bits.length ? bits.join(t('oplog:value.join', { defaultValue: ', ' })) : empty;
  }
  switch (field) {
    case 'range': {
      const r = isObj(v) ? v : {};
      const n = (k: string) => (Array.isArray(r[k]) ? (r[k] as unknown[]).length : 0);
      return t('oplog:value.range.some', { p: n('p'), c: n('c'), a: n('a'), s: n('s') });
    }
    case 'online':
      return word(`oplog:value.online.${v}`);
    case 'role':
      return word(`enterprise:role.${v}`);
    case 'gender':
      return word(`store:gender.${v}`);
    case 'etType':
      return word(`store:etType.${v}`);
    case 'level':
      return entity === 'shop' ? word(`store:level.${v}`) : String(v);
    case 'type':
      return entity === 'device' ? word(`device:type.${v}`) : String(v);
    case 'orientation':
    case 'direction':
      return word(`device:orientation.${v}`);
    case 'ai':
      return word(`device:ai.${v}`);
    case 'command':
      return word(`device:command.kinds.${v}`);
    case 'action':
      return word(`device:control.${v}`);
    case 'kind':
      return word(`oplog:value.kind.${v}`);
    case 'status':
      if (entity === 'join-apply') return word(`enterprise:applyStatus.${v}`);
      if (entity === 'device') return word(`device:status.${DEVICE_STATUS_NAMES[Number(v)]}`);
      return String(v);
    case 'hireDate':
    case 'joined':
      return typeof v === 'number' && v > 0 ? new Date(v * 1000).toISOString().slice(0, 10) : empty;
  }
  if (typeof v === 'boolean') return t(v ? 'oplog:value.yes' : 'oplog:value.no');
  if (Array.isArray(v))
    return v.map((x) => (isObj(x) ? JSON.stringify(x) : String(x))).join(t('oplog:value.join', { defaultValue: ', ' }));
  if (isObj(v)) return JSON.stringify(v);
  return String(v);
}

/** Rows written before labels existed kept a data range bare, not under `range`. */
function normalise(entity: string, side: unknown): Obj {
  if (entity === 'data-range' && (side === null || (isObj(side) && !('range' in side)))) return { range: side };
  return isObj(side) ? side : {};
}

const LEADING = ['name', 'title', 'command', 'action'];
const rank = (field: string) => (LEADING.includes(field) ? LEADING.indexOf(field) : LEADING.length);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every field that changed (a creation lists what it set; a deletion what it removed). */
export function fieldChanges(entity: string, summary: unknown, t: TFunction<['oplog']>): FieldChange[] {
  if (!isObj(summary)) return [];
  // A data range's null is a value (the whole enterprise); elsewhere a null side means "nothing".
  const side = (v: unknown) => ((v !== null && v !== undefined) || entity === 'data-range' ? normalise(entity, v) : {});
  const before = side(summary.before);
  const after = side(summary.after);
  // jsonb keeps keys in its own order (shortest first): what the entry is about comes first.
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort((x, y) => rank(x) - rank(y));
  return fields
    .filter((f) => !(f in before && f in after && same(before[f], after[f])))
    .map((f) => ({
      field: f,
      label: entity === 'job-menus' ? f : t([`oplog:field.${entity}.${f}`, `oplog:field.${f}`], { defaultValue: f }),
      before: f in before ? formatValue(entity, f, before[f], t) : t('oplog:value.empty'),
      after: f in after ? formatValue(entity, f, after[f], t) : t('oplog:value.empty'),
    }));
}

/** What an entry touched, by name: 门店「南山店」 / Shop “Nanshan”; an id only when no name was kept. */
export function objectText(
  entry: { entity: string; entityId: string; label: string },
  t: TFunction<['oplog']>,
): string {
  const entity = t(`oplog:entity.${entry.entity}`, { defaultValue: entry.entity });
  if (entry.label) return t('oplog:object', { entity, name: entry.label });
  if (entry.entityId === 'bulk') return t('oplog:bulk', { entity });
  return entry.entityId ? t('oplog:objectId', { entity, id: entry.entityId }) : entity;
}
