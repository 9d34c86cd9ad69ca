import { MESSAGE_STATUS, renderMessage, type Lang, type MessageItem, type MessageText } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { page } from '../../db/paging.js';

/** Whose messages: one user in one enterprise. */
export type InboxScope = { enterpriseId: number; userId: number };

type Row = Omit<MessageItem, 'title' | 'body'> & { title: MessageText; body: MessageText | null };

const columns = `id, kind, title, body, link, status::int as status, extract(epoch from created_at)::int as ctime`;

/** Stored as keys with parameters; the reader's language is chosen here, when read. */
const rendered = (r: Row, lang: Lang): MessageItem => ({
  ...r,
  title: renderMessage(r.title, lang),
  body: r.body ? renderMessage(r.body, lang) : '',
});

export async function listMessages(
  q: Q,
  s: InboxScope,
  lang: Lang,
  opts: { status?: number; pageNum: number; pageSize: number },
): Promise<{ list: MessageItem[]; total: number; pageNum: number; pageSize: number }> {
  const out = await page<Row>(
    q,
    {
      select: columns,
      from: 'messages',
      where: 'enterprise_id = $1 and user_id = $2 and ($3::int is null or status = $3)',
      order: 'id desc',
      params: [s.enterpriseId, s.userId, opts.status ?? null],
    },
    opts,
  );
  return { ...out, list: out.list.map((r) => rendered(r, lang)) };
}

export async function messageById(q: Q, s: InboxScope, lang: Lang, id: number): Promise<MessageItem | undefined> {
  const [row] = await q.query<Row>(
    `select ${columns} from messages where enterprise_id = $1 and user_id = $2 and id = $3`,
    [s.enterpriseId, s.userId, id],
  );
  return row && rendered(row, lang);
}

/** How many of `ids` are this user's messages in this enterprise. */
export async function countOwn(q: Q, s: InboxScope, ids: number[]): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int as n from messages where enterprise_id = $1 and user_id = $2 and id = any($3::int[])',
    [s.enterpriseId, s.userId, ids],
  );
  return n;
}

/** Mark unread messages read: the given ids, or all of them when ids is null. Returns how many changed. */
export async function markRead(q: Q, s: InboxScope, ids: number[] | null): Promise<number> {
  const rows = await q.query(
    `update messages set status = ${MESSAGE_STATUS.read}, read_at = now()
      where enterprise_id = $1 and user_id = $2 and status = ${MESSAGE_STATUS.unread} and ($3::int[] is null or id = any($3::int[]))
      returning id`,
    [s.enterpriseId, s.userId, ids],
  );
  return rows.length;
}

export async function unreadCount(q: Q, s: InboxScope): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int as n from messages where enterprise_id = $1 and user_id = $2 and status = ${MESSAGE_STATUS.unread}`,
    [s.enterpriseId, s.userId],
  );
  return n;
}
