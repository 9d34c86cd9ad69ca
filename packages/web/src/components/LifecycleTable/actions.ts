import {
  APPLY_STATUS,
  CONTENT_STATUS,
  ONLINE_STATUS,
  PERM,
  refusal,
  type LifecycleAction,
  type LifecycleState,
  type PermBit,
} from '@vitrine/contract';

/** The three lists of the record lifecycle (DESIGN §5): my drafts, waiting for review, enabled. */
export const LIFECYCLE_TABS = ['mine', 'review', 'enabled'] as const;
export type LifecycleTab = (typeof LIFECYCLE_TABS)[number];

export const ROW_ACTIONS = [
  'edit',
  'submit',
  'copy',
  'deleteOwn',
  'recoveryOwn',
  'pass',
  'reject',
  'online',
  'offline',
  'delete',
  'recovery',
  'history',
  'logs',
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
  /** The caller wrote the shown version (default: yes on my drafts, no elsewhere). */
  own?: boolean;
};

/** The bit each action needs on the current menu (DESIGN §4); history and logs need view only. */
export const ACTION_BIT: Record<RowAction, PermBit> = {
  edit: 'update',
  submit: 'submit',
  copy: 'create',
  deleteOwn: 'delete',
  recoveryOwn: 'delete',
  pass: 'examine',
  reject: 'examine',
  online: 'publish',
  offline: 'publish',
  delete: 'delete',
  recovery: 'delete',
  history: 'view',
  logs: 'view',
};

/** A menu weight or its decoded powers of two → the set of granted bits. */
export function hasBit(bits: number | readonly number[], bit: PermBit): boolean {
  const mask = PERM[bit];
  if (typeof bits === 'number') return (bits & mask) === mask;
  return bits.includes(mask);
}

/** The contract's lifecycle action behind each row action (history and logs are always there). */
const ACTION_OF: Partial<Record<RowAction, LifecycleAction>> = {
  edit: 'update',
  submit: 'apply',
  copy: 'copy',
  deleteOwn: 'deleteOwn',
  recoveryOwn: 'recoveryOwn',
  pass: 'examine',
  reject: 'examine',
  online: 'online',
  offline: 'offline',
  delete: 'delete',
  recovery: 'recovery',
};
const TAB_ACTIONS: Record<LifecycleTab, RowAction[]> = {
  mine: ['edit', 'submit', 'copy', 'deleteOwn', 'recoveryOwn'],
  review: ['pass', 'reject'],
  enabled: ['edit', 'online', 'offline', 'copy', 'delete', 'recovery'],
};
const FROM_APPLY: Record<number, number> = {
  [APPLY_STATUS.pending]: CONTENT_STATUS.submitted,
  [APPLY_STATUS.approved]: CONTENT_STATUS.approved,
  [APPLY_STATUS.rejected]: CONTENT_STATUS.rejected,
};

/** A row of a tab as the contract's transition table reads it. */
function stateOf(tab: LifecycleTab, row: RowState): LifecycleState {
  const status = row.status ?? CONTENT_STATUS.draft;
  return {
    status: tab === 'enabled' ? CONTENT_STATUS.approved : (FROM_APPLY[status] ?? status),
    live: tab === 'enabled',
    online: row.online ?? ONLINE_STATUS.offline,
    deleted: tab === 'enabled' && !!row.deleted,
    draftDeleted: tab === 'mine' && !!row.deleted,
    author: row.own ?? tab === 'mine',
  };
}

/** By state alone: the actions the contract's transition table allows on a row of a tab (the server's own rules). */
function byStatus(tab: LifecycleTab, row: RowState): RowAction[] {
  const state = stateOf(tab, row);
  return [...TAB_ACTIONS[tab].filter((a) => refusal(ACTION_OF[a]!, state) === null), 'history', 'logs'];
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
