import { CONTENT_STATUS as C, ONLINE_STATUS as O } from './enums.js';
import type { MessageKey } from './msg/index.js';

// The record lifecycle's allowed transitions (DESIGN §5), written once: the server refuses with
// these answers, the console offers only the actions allowed here, and the property test's model
// predicts with them. Reach (40004, 40003 outside the data range) and the menu bits come before.

/** What decides an action: the record's head version and enabled state, and whether the caller wrote the head. */
export type LifecycleState = {
  /** status of the head version: 101 draft, 102 submitted, 103 approved, 104 rejected */
  status: number;
  /** the record has an enabled version */
  live: boolean;
  /** 301 offline, 302 online (enabled records) */
  online: number;
  /** the enabled record is in the recycle bin */
  deleted: boolean;
  /** the head draft is in its author's recycle bin */
  draftDeleted: boolean;
  /** the caller wrote the head version */
  author: boolean;
};

export const LIFECYCLE_ACTIONS = [
  'update',
  'apply',
  'examine',
  'online',
  'offline',
  'delete',
  'recovery',
  'deleteOwn',
  'recoveryOwn',
  'copy',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export type Refusal = { ret: 'conflict' | 'forbidden'; key: MessageKey };

const conflict = (key: MessageKey): Refusal => ({ ret: 'conflict', key });
const forbidden = (key: MessageKey): Refusal => ({ ret: 'forbidden', key });
const isWork = (s: LifecycleState) => s.status === C.draft || s.status === C.rejected;

/** Each action's checks in order: the first that fails is the answer. */
const RULES: Record<LifecycleAction, (s: LifecycleState) => Refusal | null> = {
  update: (s) => {
    if (s.deleted) return conflict('lifecycle.deleted');
    if (s.status === C.approved) return null; // a new draft version; the enabled one stays live
    if (s.status === C.submitted) return conflict('lifecycle.submitted');
    if (!s.author) return forbidden('lifecycle.notAuthor');
    if (s.draftDeleted) return conflict('lifecycle.draftDeleted');
    return null;
  },
  apply: (s) => {
    if (s.deleted) return conflict('lifecycle.deleted');
    if (s.status === C.approved) return conflict('lifecycle.noDraft');
    if (s.status === C.submitted) return conflict('lifecycle.submitted');
    if (!isWork(s)) return conflict('lifecycle.notSubmittable');
    if (!s.author) return forbidden('lifecycle.notAuthor');
    if (s.draftDeleted) return conflict('lifecycle.draftDeleted');
    return null;
  },
  examine: (s) => {
    if (s.status !== C.submitted) return conflict('lifecycle.notSubmitted');
    if (s.author) return forbidden('lifecycle.ownSubmission');
    return null;
  },
  online: (s) => {
    if (!s.live) return conflict('lifecycle.notEnabled');
    if (s.deleted) return conflict('lifecycle.deleted');
    return s.online === O.online ? conflict('lifecycle.alreadyOnline') : null;
  },
  offline: (s) => {
    if (!s.live) return conflict('lifecycle.notEnabled');
    if (s.deleted) return conflict('lifecycle.deleted');
    return s.online === O.offline ? conflict('lifecycle.alreadyOffline') : null;
  },
  // deleting an enabled record takes it offline too (whether it was online or not)
  delete: (s) => (!s.live ? conflict('lifecycle.notEnabled') : s.deleted ? conflict('lifecycle.deleted') : null),
  recovery: (s) => (!s.live ? conflict('lifecycle.notEnabled') : !s.deleted ? conflict('lifecycle.notDeleted') : null),
  deleteOwn: (s) => {
    if (!isWork(s)) return conflict(s.status === C.submitted ? 'lifecycle.submitted' : 'lifecycle.noDraft');
    if (!s.author) return forbidden('lifecycle.notAuthor');
    return s.draftDeleted ? conflict('lifecycle.draftDeleted') : null;
  },
  recoveryOwn: (s) => {
    if (!isWork(s)) return conflict(s.status === C.submitted ? 'lifecycle.submitted' : 'lifecycle.noDraft');
    if (!s.author) return forbidden('lifecycle.notAuthor');
    return !s.draftDeleted ? conflict('lifecycle.draftNotDeleted') : null;
  },
  copy: () => null,
};

/** Why an action is refused in this state, or null when it is allowed. */
export function refusal(action: LifecycleAction, state: LifecycleState): Refusal | null {
  return RULES[action](state);
}
