import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage, type MessageText } from '@vitrine/contract';
import { openPglite, type Db } from './client.js';
import { splitSql } from './migrate.js';

// Migration 0020 on rows written before it: messages stored as zh/en text keep reading the same in
// both languages; operation-log rows get their record's name, and enterprise memberships stop
// sharing the word 'member' with the shops' members. Runs on a fresh PGlite (the SQL is the same
// on PostgreSQL 15; the full suite applies it there through the harness template).

const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.find((f) => f.startsWith('0020_'))!;
const apply = async (db: Db, name: string) => {
  for (const s of splitSql(readFileSync(join(folder, name), 'utf8'))) await db.admin.query(s);
};

let db: Db;
beforeAll(async () => {
  db = await openPglite({});
  for (const f of files.filter((f) => f < target)) await apply(db, f);
});
afterAll(() => db?.close());

describe('migration 0020', () => {
  it('converts stored messages and labels the operation log of an install that ran before it', async () => {
    const q = db.admin;
    const [{ id: user }] = await q.query<{ id: number }>(
      `insert into users (phone, nickname) values ('13900000001', '老王') returning id`,
    );
    const [{ id: ent }] = await q.query<{ id: number }>(
      `insert into enterprises (code, title, status, creator_id) values ('OLD001', '老企业', 1, $1) returning id`,
      [user],
    );
    await q.query(
      `insert into messages (enterprise_id, user_id, kind, title_zh, title_en, body_zh, body_en) values
         ($1, $2, 'join.result', '您加入企业「老企业」的申请未通过', 'Your application to join 老企业 was rejected', '原因：信息不全', 'Reason: 信息不全'),
         ($1, $2, 'system', '只有标题', 'Title only', '', '')`,
      [ent, user],
    );
    const [{ id: dept }] = await q.query<{ id: number }>(
      `insert into departments (enterprise_id, name) values ($1, '华南区') returning id`,
      [ent],
    );
    await q.query(
      `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id, summary) values
         ($1, $2, 3, 'create', 'dept', $3, '{"before": null, "after": {"name": "华南区", "pid": 0}}'),
         ($1, $2, 3, 'create', 'member', $2, '{"before": null, "after": {"invitation": 4, "deptId": 1, "jobId": 2}}'),
         ($1, $2, 3, 'update', 'enterprise', $1, '{"before": {"title": "旧名"}, "after": {"title": "老企业", "logo": ""}}'),
         ($1, $2, 3, 'update', 'member-roles', $2, '[]')`,
      [ent, user, String(dept)],
    );
    const [{ id: shop }] = await q.query<{ id: number }>(
      `insert into shops (enterprise_id, author_id, name, code, level, province, city, district)
         values ($1, $2, '南山店', 'S1', 1, '44', '4403', '440305') returning id`,
      [ent, user],
    );
    await q.query(
      `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id) values ($1, $2, 3, 'online', 'shop', $3)`,
      [ent, user, String(shop)],
    );

    await apply(db, target);

    const msgs = await q.query<{ kind: string; title: MessageText; body: MessageText | null }>(
      'select kind, title, body from messages order by id',
    );
    const read = (lang: 'zh' | 'en') =>
      msgs.map((m) => [renderMessage(m.title, lang), m.body ? renderMessage(m.body, lang) : '']);
    expect(read('zh')).toEqual([
      ['您加入企业「老企业」的申请未通过', '原因：信息不全'],
      ['只有标题', ''],
    ]);
    expect(read('en')).toEqual([
      ['Your application to join 老企业 was rejected', 'Reason: 信息不全'],
      ['Title only', ''],
    ]);
    const cols = await q.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'messages'`,
    );
    expect(cols.map((c) => c.column_name)).not.toContain('title_zh');

    const log = await q.query<{ entity: string; label: string }>('select entity, label from oplog order by id');
    expect(log).toEqual([
      { entity: 'dept', label: '华南区' },
      { entity: 'membership', label: '老王' },
      { entity: 'enterprise', label: '老企业' },
      { entity: 'member-roles', label: '老王' },
      { entity: 'shop', label: '南山店' },
    ]);
  });
});
