import type { Q } from '../../db/client.js';

export type Bilingual = { zh: string; en: string };

/** Message kinds produced by events; the client shows an icon and a filter per kind. */
export type MessageKind =
  | 'join.applied' | 'join.result' | 'enterprise.review' | 'invite.accepted' | 'member.removed' | 'role.changed'
  | 'review.request' | 'review.result' | 'device.alert' | 'inform' | 'system';

/**
 * Deliver one message to each recipient, inside the caller's transaction (so a message exists
 * exactly when the event that caused it does). Recipients are user ids of the enterprise.
 */
export async function sendMessage(
  q: Q,
  msg: { enterpriseId: number; to: number[]; kind: MessageKind; title: Bilingual; body?: Bilingual; link?: string },
): Promise<void> {
  const to = [...new Set(msg.to)];
  if (!to.length) return;
  await q.query(
    `insert into messages (enterprise_id, user_id, kind, title_zh, title_en, body_zh, body_en, link)
     select $1, u, $3, $4, $5, $6, $7, $8 from unnest($2::int[]) as u`,
    [msg.enterpriseId, to, msg.kind, msg.title.zh, msg.title.en, msg.body?.zh ?? '', msg.body?.en ?? '', msg.link ?? ''],
  );
}

/** The main admins (and, for reviews, supervisors) of an enterprise: who hears about applications. */
export async function adminsOf(q: Q, enterpriseId: number): Promise<number[]> {
  const rows = await q.query<{ user_id: number }>(
    'select user_id from members where enterprise_id = $1 and is_main = 1 and status = 1', [enterpriseId],
  );
  return rows.map((r) => r.user_id);
}
