import { z } from 'zod';
import { oneOf } from './describe.js';
import { defineCall } from './call.js';
import { id, int, json, optionalText, text } from './fields.js';
import { listOf, paging } from './list.js';
import { lifecycleCalls } from './lifecycle.js';
import { planTargets } from './advert.js';

// Notifications (inform) and announcements (inform2) to shops (issue 12 §1): lifecycle records aimed
// at areas and shops and at roles; after approval `send` delivers a receipt and a message to every
// recipient; notifications are confirmed (`check`) before their deadline, announcements are read.

const INFORM = '/inform';
export const INFORM_ENTITIES = ['inform', 'inform2'] as const;
export type InformEntity = (typeof INFORM_ENTITIES)[number];

/** Who receives: 1 shop assistants, 2 store managers, 3 supervisors (the spec's role codes). */
export const INFORM_ROLES = [1, 2, 3] as const;
/** 1 normal, 2 important, 3 urgent */
export const INFORM_PRIORITIES = [1, 2, 3] as const;
/** Largest body (characters of sanitised HTML) and attachments of one record. */
export const INFORM_BODY_MAX = 20_000;
export const INFORM_ATTACHMENTS_MAX = 10;
/** A reminder goes to the unconfirmed once, this long before the deadline. */
export const INFORM_REMIND_BEFORE_SECONDS = 24 * 3600;

const blankAs = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

/** Areas and shops (devices are not recipients). */
export const informTargets = planTargets.omit({ d: true });

const base = {
  title: text(100),
  /** rich text: a safe subset of HTML (paragraphs, emphasis, lists, links, headings), sanitised by the server */
  body: z
    .string({ error: 'field.required' })
    .max(INFORM_BODY_MAX * 2, 'field.tooLong')
    .default(''),
  /** files uploaded with kind `attachment` */
  attachments: json(z.array(id).max(INFORM_ATTACHMENTS_MAX, 'field.tooLong')).default([]),
  priority: blankAs(oneOf(INFORM_PRIORITIES).optional()).default(1),
  targets: json(informTargets),
  roles: json(z.array(oneOf(INFORM_ROLES)).min(1, 'field.required').max(3)).default([1, 2]),
};

export const informData = z.object({
  ...base,
  /** Unix seconds: confirm by then (optional); a reminder goes out a day before */
  deadline: blankAs(int.min(0, 'field.invalid').max(4_102_444_800, 'field.invalid').optional()),
});
export const inform2Data = z.object(base);

const attachment = z.object({ id: z.number(), name: z.string(), type: z.number(), size: z.number(), mime: z.string() });
/** Read-only fields: the attachments' names and types (spec file types 1–10), when it was sent, and receipt counts. */
export const informView = z.object({
  files: z.array(attachment),
  sentAt: z.number().nullable(),
  recipients: z.number(),
  done: z.number(),
});
export const informFilter = z.object({ priority: oneOf(INFORM_PRIORITIES).optional() });

const sendBody = z.object({ id });
const checkBody = z.object({ id, reply: optionalText(500).default(''), photoId: blankAs(id.optional()) });
const downloadBody = z.object({ id, fileId: id });

/** One recipient's receipt: when it was delivered, read, confirmed (notifications) and reminded. */
export const receipt = z.object({
  userId: z.number(),
  name: z.string(),
  role: z.number(),
  shopId: z.number().nullable(),
  shopName: z.string(),
  readAt: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  remindedAt: z.number().nullable(),
  reply: z.string(),
  photoUrl: z.string().nullable(),
});
export const receiptsResult = z.object({
  summary: z.object({ total: z.number(), done: z.number(), pending: z.number(), overdue: z.number() }),
  byShop: z.array(
    z.object({ shopId: z.number().nullable(), shopName: z.string(), total: z.number(), done: z.number() }),
  ),
  list: z.array(receipt),
  total: z.number(),
});

/** What a recipient sees in the Received tab: the record as sent, and their own receipt. */
export const receivedItem = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  priority: z.number(),
  deadline: z.number().nullable(),
  files: z.array(attachment),
  sentAt: z.number(),
  authorName: z.string(),
  readAt: z.number().nullable(),
  confirmedAt: z.number().nullable(),
  reply: z.string(),
  overdue: z.number(),
});

function informExtra(entity: InformEntity) {
  const perm = (bit: 'view' | 'publish') => ({ menu: INFORM, bit });
  return {
    send: defineCall({
      path: `${entity}/send`,
      auth: 'tenant',
      perm: perm('publish'),
      log: { entity, verb: 'send' },
      summary: `${entity}: send an approved record: a receipt and a message for every recipient (roles in the targeted shops); once`,
      body: sendBody,
      result: z.object({ id: z.number(), recipients: z.number(), sentAt: z.number() }),
    }),
    check: defineCall({
      path: `${entity}/check`,
      auth: 'tenant',
      perm: perm('view'),
      // the recipient's own receipt (inform/receipts shows it), not an operation on the enterprise
      log: 'private',
      summary:
        entity === 'inform'
          ? 'inform: the recipient confirms (optional reply text and photo, a file of kind attachment); again updates the reply'
          : 'inform2: the recipient has read the announcement',
      body: checkBody,
      result: receivedItem,
    }),
    received: defineCall({
      path: `${entity}/received`,
      auth: 'tenant',
      perm: perm('view'),
      summary: `${entity}: what was sent to me, newest first (pending: 1 only what I have not confirmed or read)`,
      body: paging.extend({ pending: int.min(0).max(1).optional(), keyword: optionalText(50) }),
      result: listOf(receivedItem),
    }),
    receipts: defineCall({
      path: `${entity}/receipts`,
      auth: 'tenant',
      perm: perm('view'),
      summary: `${entity}: who received a sent record, per shop and per person (confirmed or read when, not yet), in my data range`,
      body: paging.extend({ id, state: z.enum(['all', 'done', 'pending'], { error: 'field.invalid' }).default('all') }),
      result: receiptsResult,
    }),
    download: defineCall({
      path: `${entity}/download`,
      method: 'GET',
      auth: 'tenant',
      perm: perm('view'),
      summary: `${entity}: a short-lived signed address of one attachment, for its recipients and for who may open the record`,
      body: downloadBody,
      result: z.object({ url: z.string(), expires: z.number(), name: z.string() }),
    }),
  };
}

export const informCalls = {
  ...lifecycleCalls('inform', INFORM, informData, informView, informFilter),
  ...informExtra('inform'),
};
export const inform2Calls = {
  ...lifecycleCalls('inform2', INFORM, inform2Data, informView, informFilter),
  ...informExtra('inform2'),
};
export const informApi = { inform: informCalls, inform2: inform2Calls };
