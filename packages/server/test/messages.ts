import { renderMessage, type MessageText } from '@vitrine/contract';
import type { TestApp } from './harness.js';

export type Rendered = {
  user_id: number;
  kind: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
};

/**
 * Stored messages (keys + parameters) rendered in both languages, the way a reader of each sees
 * them: `where` filters the messages table, numbered params as usual.
 */
export async function renderedMessages(t: TestApp, where: string, params: unknown[]): Promise<Rendered[]> {
  const rows = await t.db.admin.query<{ user_id: number; kind: string; title: MessageText; body: MessageText | null }>(
    `select user_id, kind, title, body from messages where ${where} order by id`,
    params,
  );
  const text = (m: MessageText | null, lang: 'zh' | 'en') => (m ? renderMessage(m, lang) : '');
  return rows.map((r) => ({
    user_id: r.user_id,
    kind: r.kind,
    title_zh: text(r.title, 'zh'),
    title_en: text(r.title, 'en'),
    body_zh: text(r.body, 'zh'),
    body_en: text(r.body, 'en'),
  }));
}
