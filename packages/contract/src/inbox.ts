import { z } from 'zod';
import { defineCall } from './call.js';
import { MESSAGE_STATUS } from './enums.js';
import { empty, id, ids, int } from './fields.js';
import { listOf, paging } from './list.js';

// Messages (/news): list, info, check (mark read), unread count (issue 3).

/** One message, in the request's language. `status`: 401 unread, 402 read; `ctime` Unix seconds. */
export const messageItem = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  status: z.number(),
  ctime: z.number(),
});
export type MessageItem = z.infer<typeof messageItem>;

const status = int.refine((v) => v === MESSAGE_STATUS.unread || v === MESSAGE_STATUS.read, 'field.invalid');
const news = { menu: '/news', bit: 'view' } as const;

export const inboxApi = {
  message: {
    list: defineCall({
      path: 'message/list',
      auth: 'tenant',
      perm: news,
      summary: 'My messages in the current enterprise, newest first (status 401 unread / 402 read)',
      body: paging.extend({ status: status.optional() }),
      result: listOf(messageItem),
    }),
    info: defineCall({
      path: 'message/info',
      auth: 'tenant',
      perm: news,
      summary: 'One of my messages (reading it does not mark it read: message/check does)',
      body: z.object({ id }),
      result: messageItem,
    }),
    check: defineCall({
      path: 'message/check',
      auth: 'tenant',
      perm: news,
      summary: 'Mark my messages read: `ids` (JSON array), or `all: 1` for every unread one',
      // Read marks are the caller's own state, not an operation on the enterprise.
      log: 'private',
      body: z
        .object({ ids: ids.optional(), all: int.optional() })
        .refine((b) => b.all === 1 || (b.ids?.length ?? 0) > 0, { message: 'field.required', path: ['ids'] }),
      result: z.object({ count: z.number() }),
    }),
    unreadCount: defineCall({
      path: 'message/unread-count',
      auth: 'tenant',
      summary: 'How many of my messages in the current enterprise are unread (the header badge; every member)',
      body: empty,
      result: z.object({ count: z.number() }),
    }),
  },
};
