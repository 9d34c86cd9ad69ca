import type { MessageText } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Row } from '../db/schema/index.js';

/** Message kinds produced by events; the client shows an icon and a filter per kind. */
export type MessageKind =
  | 'join.applied'
  | 'join.result'
  | 'enterprise.review'
  | 'invite.accepted'
  | 'member.removed'
  | 'role.changed'
  | 'review.request'
  | 'review.result'
  | 'device.alert'
  | 'inform'
  | 'system';

/**
 * Deliver one message to each recipient, inside the caller's transaction (so a message exists
 * exactly when the event that caused it does). Title and body are catalogue keys with parameters,
 * rendered in each reader's language when read — a message never stores text in one language.
 */
export async function sendMessage(
  q: Q,
  msg: { enterpriseId: number; to: number[]; kind: MessageKind; title: MessageText; body?: MessageText; link?: string },
): Promise<void> {
  const to = [...new Set(msg.to)];
  if (!to.length) return;
  await q.query(
    `insert into messages (enterprise_id, user_id, kind, title, body, link)
     select $1, u, $3, $4, $5, $6 from unnest($2::int[]) as u`,
    [
      msg.enterpriseId,
      to,
      msg.kind,
      JSON.stringify(msg.title),
      msg.body ? JSON.stringify(msg.body) : null,
      msg.link ?? '',
    ],
  );
}

/** The main admins of an enterprise: who hears about applications. */
export async function adminsOf(q: Q, enterpriseId: number): Promise<number[]> {
  const rows = await q.query<Row<'members', 'user_id'>>(
    'select user_id from members where enterprise_id = $1 and is_main = 1 and status = 1',
    [enterpriseId],
  );
  return rows.map((r) => r.user_id);
}
