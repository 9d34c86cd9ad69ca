import { sendMessage } from '../../src/messages/send.js';
import type { MatrixRoute, World } from './types.js';

/** A message to a's main admin and one to b's owner; the matrix reads them as each caller. */
async function messageIn(w: World, ent: 'a' | 'b'): Promise<number> {
  const e = w[ent];
  return w.t.db.tx({ enterpriseId: e.companyId }, async (q) => {
    await sendMessage(q, {
      enterpriseId: e.companyId,
      to: [e.owner.id],
      kind: 'system',
      title: { key: 'message.text', params: { text: '矩阵' } },
    });
    const [row] = await q.query<{ id: number }>('select max(id)::int as id from messages where enterprise_id = $1', [
      e.companyId,
    ]);
    return row.id;
  });
}

// Tenant routes of the inbox area that every member may call with this body (add each new route).
// A's store manager reading a's admin's message gets 40004: messages are per recipient.
export const INBOX_ROUTES: MatrixRoute[] = [
  { path: 'message/list', body: { status: 401 } },
  { path: 'message/unread-count', body: {} },
  { path: 'message/check', body: { all: 1 } },
  {
    path: 'message/info',
    body: async (w) => ({ id: await messageIn(w, 'a') }),
    asManager: 40004,
    foreign: async (w) => ({ id: await messageIn(w, 'b') }),
  },
  {
    path: 'message/check',
    body: async (w) => ({ ids: [await messageIn(w, 'a')] }),
    asManager: 40004,
    foreign: async (w) => ({ ids: [await messageIn(w, 'b')] }),
  },
];
