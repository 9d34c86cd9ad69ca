import { APPLY_STATUS, CONTENT_STATUS, ONLINE_STATUS, PERM, type PermBit } from '@vitrine/contract';

/** The three lists of the record lifecycle (DESIGN §5): my drafts, waiting for review, enabled. */
export const LIFECYCLE_TABS = ['mine', 'review', 'enabled'] as const;
export type LifecycleTab = (typeof LIFECYCLE_TABS)[number];

export const ROW_ACTIONS = [
  'edit', 'submit', 'copy', 'deleteOwn', 'recoveryOwn', 'pass', 'reject', 'online', 'offline', 'delete', 'recovery',
  'history', 'logs',
] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/** What the table needs to know about a row to offer its actions. */
export type RowState = {
  /** Content status 101–104 (or application status 201–203 on the review list). */
  status?: number | null;
  /** Online status 301/302 of an enabled record. */
  online?: number | null;
  /** Soft-deleted (delete / delete-own), waiting for recovery. */
  deleted?: boolean;
};

/** The bit each action needs on the current menu (DESIGN §4); history and logs need view only. */
export const ACTION_BIT: Record<RowAction, PermBit> = {
  edit: 'update', submit: 'submit', copy: 'create', deleteOwn: 'delete', recoveryOwn: 'delete',
  pass: 'examine', reject: 'examine', online: 'publish', offline: 'publish', delete: 'delete', recovery: 'delete',
  history: 'view', logs: 'view',
};

/** A menu weight or its decoded powers of two → the set of granted bits. */
export function hasBit(bits: number | readonly number[], bit: PermBit): boolean {
  const mask = PERM[bit];
  if (typeof bits === 'number') return (bits & mask) === mask;
  return bits.includes(mask);
}

const EDITABLE: readonly number[] = [CONTENT_STATUS.draft, CONTENT_STATUS.rejected];
const WAITING: readonly number[] = [CONTENT_STATUS.submitted, APPLY_STATUS.pending];

/** By status alone: the actions the lifecycle allows on a row of a tab. */
function byStatus(tab: LifecycleTab, row: RowState): RowAction[] {
  const status = row.status ?? CONTENT_STATUS.draft;
  if (tab === 'mine') {
    if (row.deleted) return ['recoveryOwn', 'history', 'logs'];
    const editable = EDITABLE.includes(status);
    return [
      ...(editable ? (['edit', 'submit'] as const) : []),
      'copy',
      ...(editable ? (['deleteOwn'] as const) : []),
      'history', 'logs',
    ];
  }
  if (tab === 'review') return [...(WAITING.includes(status) ? (['pass', 'reject'] as const) : []), 'history', 'logs'];
  if (row.deleted) return ['recovery', 'history', 'logs'];
  const online = row.online === ONLINE_STATUS.online;
  return ['edit', online ? 'offline' : 'online', 'copy', ...(online ? [] : (['delete'] as const)), 'history', 'logs'];
}

/** Row actions allowed by status × the caller's bits on the current menu. */
export function allowedActions(tab: LifecycleTab, row: RowState, bits: number | readonly number[]): RowAction[] {
  return byStatus(tab, row).filter((action) => hasBit(bits, ACTION_BIT[action]));
}

/** Whether the tab itself is worth showing: review needs examine, the others view. */
export function tabVisible(tab: LifecycleTab, bits: number | readonly number[]): boolean {
  if (tab === 'review') return hasBit(bits, 'examine');
  return hasBit(bits, 'view');
}
