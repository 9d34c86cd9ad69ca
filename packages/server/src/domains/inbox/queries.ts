import type { Lang, MessageItem } from '@vitrine/contract';
import type { Q } from '../../db/client.js';

/** Whose messages: one user in one enterprise. */
export type InboxScope = { enterpriseId: number; userId: number };

const columns = (lang: Lang) => `id, kind, ${lang === 'en' ? 'title_en' : 'title_zh'} as title,
  ${lang === 'en' ? 'body_en' : 'body_zh'} as body, link, status::int as status, extract(epoch from created_at)::int as ctime`;

export async function listMessages(
  q: Q, s: InboxScope, lang: Lang, opts: { status?: number; pageNum: number; pageSize: number },
): Promise<{ list: MessageItem[]; total: number }> {
  const where = 'enterprise_id = $1 and user_id = $2 and ($3::int is null or status = $3)';
  const params = [s.enterpriseId, s.userId, opts.status ?? null];
  const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from messages where ${where}`, params);
  const list = await q.query<MessageItem>(
    `select ${columns(lang)} from messages where ${where} order by id desc limit $4 offset $5`,
    [...params, opts.pageSize, (opts.pageNum - 1) * opts.pageSize],
  );
  return { list, total };
}

export async function messageById(q: Q, s: InboxScope, lang: Lang, id: number): Promise<MessageItem | undefined> {
  const [row] = await q.query<MessageItem>(
    `select ${columns(lang)} from messages where enterprise_id = $1 and user_id = $2 and id = $3`,
    [s.enterpriseId, s.userId, id],
  );
  return row;
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
    `update messages set status = 402, read_at = now()
      where enterprise_id = $1 and user_id = $2 and status = 401 and ($3::int[] is null or id = any($3::int[]))
      returning id`,
    [s.enterpriseId, s.userId, ids],
  );
  return rows.length;
}

export async function unreadCount(q: Q, s: InboxScope): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int as n from messages where enterprise_id = $1 and user_id = $2 and status = 401',
    [s.enterpriseId, s.userId],
  );
  return n;
}
