import { z } from 'zod';
import { defineCall, type OpLog } from './call.js';
import { ONLINE_STATUS } from './enums.js';
import { id, int, optionalText } from './fields.js';
import { filter, listOf, paging } from './list.js';

// The record lifecycle of DESIGN §5, written once: every lifecycle entity gets the same calls.

/** The lifecycle fields every record view carries, beside the entity's own data fields. */
export const lifecycleFields = z.object({
  id: z.number(),
  /** The version this view shows (the draft's on my-list / apply-list, the enabled one on enable-list). */
  version: z.number(),
  /** The enabled version, null until the record is first approved. */
  liveVersion: z.number().nullable(),
  /** 101 draft, 102 submitted, 103 approved, 104 rejected. */
  status: z.number(),
  /** 201 not reviewed, 202 approved, 203 rejected; null for a draft never submitted. */
  applyStatus: z.number().nullable(),
  /** 301 offline, 302 online (enabled records). */
  online: z.number(),
  /** 1 = the enabled record is deleted (recoverable). */
  deleted: z.number(),
  /** 1 = this draft is in its author's recycle bin. */
  draftDeleted: z.number(),
  authorId: z.number(),
  authorName: z.string(),
  reviewerId: z.number().nullable(),
  reviewerName: z.string(),
  reason: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  submitTime: z.number().nullable(),
  reviewTime: z.number().nullable(),
});
export type LifecycleFields = z.infer<typeof lifecycleFields>;

export const recordLogRow = z.object({
  id: z.number(),
  verb: z.string(),
  userId: z.number(),
  userName: z.string(),
  role: z.number().nullable(),
  label: z.string(),
  summary: z.unknown(),
  source: z.string(),
  ctime: z.number(),
});

const byId = z.object({ id });
const reviewBody = z.object({
  id,
  /** 1 approve, 0 reject. */
  pass: z.coerce
    .number({ error: 'field.invalid' })
    .pipe(z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' })),
  reason: optionalText(500),
});
const statusBody = z.object({
  id,
  status: z.coerce
    .number({ error: 'field.invalid' })
    .pipe(z.union([z.literal(ONLINE_STATUS.offline), z.literal(ONLINE_STATUS.online)], { error: 'field.invalid' })),
});
/** List calls also take `deleted: 1` to see the recycle bin. */
const deletedFlag = z.object({ deleted: int.min(0).max(1).optional() });

/**
 * The standard calls of one lifecycle entity: `<entity>/create` … `<entity>/logs`.
 * `data` is the entity's editable fields; `view` adds read-only fields to the record view;
 * `extraFilter` adds the entity's own list filters to the spec's filter object.
 */
export function lifecycleCalls<
  E extends string,
  D extends z.ZodRawShape,
  V extends z.ZodRawShape,
  F extends z.ZodRawShape,
>(entity: E, menu: string, data: z.ZodObject<D>, view: z.ZodObject<V>, extraFilter: z.ZodObject<F>) {
  const item = lifecycleFields.extend(data.shape).extend(view.shape);
  const one = item.extend({ draft: item.nullable() });
  const listFilter = filter.extend(extraFilter.shape).extend(deletedFlag.shape);
  const perm = (bit: 'view' | 'create' | 'update' | 'delete' | 'submit' | 'examine' | 'publish') => ({ menu, bit });
  const call = <B extends z.ZodType, R extends z.ZodType>(
    action: string,
    bit: Parameters<typeof perm>[0],
    summary: string,
    body: B,
    result: R,
    verb?: OpLog['verb'],
  ) =>
    defineCall({
      path: `${entity}/${action}`,
      auth: 'tenant',
      perm: perm(bit),
      summary: `${entity}: ${summary}`,
      body,
      result,
      ...(verb ? { log: { entity, verb } } : {}),
    });
  return {
    create: call('create', 'create', 'create a draft (101)', data, item, 'create'),
    get: call('get', 'view', 'one record: the enabled version, and the draft in progress if any', byId, one),
    update: call(
      'update',
      'update',
      'edit an own draft or rejected version; on an enabled record, start a new draft version',
      data.extend({ id }),
      item,
      'update',
    ),
    copy: call('copy', 'create', 'copy a record into a new draft', byId, item, 'copy'),
    myList: call('my-list', 'view', 'own drafts and rejected versions (raw)', listFilter, listOf(item)),
    apply: call('apply', 'submit', 'submit a draft or rejected version for review (→ 102, 201)', byId, item, 'apply'),
    applyList: call('apply-list', 'view', 'versions waiting for review in my data range', listFilter, listOf(item)),
    examine: call(
      'examine',
      'examine',
      'approve (pass 1 → 103, enabled and online) or reject (pass 0 with a reason → 104)',
      reviewBody,
      item,
      { field: 'pass', map: { 1: 'pass', 0: 'reject' } },
    ),
    enableList: call('enable-list', 'view', 'enabled records in my data range', listFilter, listOf(item)),
    setStatus: call('set-status', 'publish', 'set an enabled record online (302) or offline (301)', statusBody, item, {
      field: 'status',
      map: { [ONLINE_STATUS.online]: 'online', [ONLINE_STATUS.offline]: 'offline' },
    }),
    delete: call('delete', 'delete', 'delete an enabled record (soft)', byId, item, 'delete'),
    recovery: call('recovery', 'delete', 'recover a deleted enabled record', byId, item, 'recovery'),
    deleteOwn: call('delete-own', 'delete', 'move an own draft to the recycle bin', byId, item, 'delete'),
    recoveryOwn: call('recovery-own', 'delete', 'recover an own draft from the recycle bin', byId, item, 'recovery'),
    history: call(
      'history',
      'view',
      'every version of a record, newest first',
      byId,
      z.object({ list: z.array(item) }),
    ),
    logs: defineCall({
      path: `${entity}/logs`,
      method: 'GET',
      auth: 'tenant',
      perm: perm('view'),
      summary: `${entity}: operation log of one record`,
      body: paging.extend({ id }),
      result: listOf(recordLogRow),
    }),
  };
}
