import { beforeAll, describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { makeFleet, type Fleet } from '../../../test/devices.js';
import { addMemberWithRange, makeEnterprise, makeShop, makeUser, tenantHeaders } from '../../../test/factories.js';
import { renderedMessages } from '../../../test/messages.js';
import { MZ, makePng, permitOf, upload } from '../files/fixtures.js';
import { runInformReminders } from './reminders.js';

// Notifications and announcements through the real app (issue 12 §1): written with a sanitised body
// and attachments, reviewed, sent to the roles of the targeted shops only, confirmed by recipients,
// receipts per shop and person cut to the reader's range, attachments signed for recipients only,
// reminders once before the deadline (a controlled clock).

const t = useTestApp();
type H = Record<string, string>;
type Received = {
  id: number;
  title: string;
  body: string;
  confirmedAt: number | null;
  readAt: number | null;
  reply: string;
  overdue: number;
  files: { id: number; name: string; type: number }[];
};
type Receipts = {
  summary: { total: number; done: number; pending: number; overdue: number };
  byShop: { shopId: number | null; total: number; done: number }[];
  list: { userId: number; confirmedAt: number | null; reply: string }[];
  total: number;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function attach(h: H, name: string, data: Buffer) {
  const permit = await permitOf(t, h, 'attachment');
  expect(permit.ret, JSON.stringify(permit)).toBe(0);
  return upload(t, h, permit.result.permit, { name, data });
}

describe('notifications to shops', () => {
  let f: Fleet;
  let shopB: number;
  const people: Record<string, { id: number; h: H }> = {};
  let pdf: number;
  let csv: number;
  let id: number;
  const deadline = Math.floor(Date.now() / 1000) + 2 * 3600;

  beforeAll(async () => {
    f = await makeFleet(t);
    shopB = await makeShop(t, f.ent, { province: '11', city: '1101', district: '110101' }, f.rev);
    const member = async (key: string, role: 1 | 2, shop: number) => {
      const u = await makeUser(t, key);
      people[key] = {
        id: u.id,
        h: tenantHeaders(u, f.ent, await addMemberWithRange(t, f.ent, u, role, { s: [String(shop)] })),
      };
    };
    await member('assistantA1', 1, f.shop);
    await member('assistantA2', 1, f.shop);
    await member('managerA', 2, f.shop);
    await member('assistantB', 1, shopB);
    await member('managerB', 2, shopB);
  });

  it('takes attachments of the spec file types, judged by their bytes; refuses a program renamed', async () => {
    const a = await attach(f.sup, '门店陈列规范.pdf', PDF);
    expect(a.body.ret, JSON.stringify(a.body)).toBe(0);
    expect(a.body.result).toMatchObject({ type: 10, mime: 'application/pdf' });
    pdf = Number(a.body.result.id);
    const c = await attach(f.sup, '排班.csv', Buffer.from('姓名,班次\n张三,早班\n'));
    expect(c.body.result).toMatchObject({ type: 1, mime: 'text/csv' });
    csv = Number(c.body.result.id);
    const exe = await attach(f.sup, 'report.pdf', MZ);
    expect(exe.body).toMatchObject({ ret: RET.validation });
    expect(exe.body.msg).toContain('附件须为');
    const nul = await attach(f.sup, 'notes.txt', Buffer.from('a\u0000b'));
    expect(nul.body.ret).toBe(RET.validation);
  });

  it('sanitises the body, refuses unknown attachments, and is not sent before approval', async () => {
    const empty = await post(
      t,
      'inform/create',
      { title: '空', body: '<script>x</script>', targets: { a: ['440305'] } },
      f.sup,
    );
    expect(empty.body).toMatchObject({ ret: RET.validation, msg: '请填写正文' });
    const foreign = await post(
      t,
      'inform/create',
      { title: 'x', body: '<p>x</p>', targets: { a: ['440305'] }, attachments: [999999] },
      f.sup,
    );
    expect(foreign.body.ret).toBe(RET.validation);
    const c = await post<{ id: number; body: string; files: unknown[] }>(
      t,
      'inform/create',
      {
        title: '周末促销陈列',
        body: '<p onclick="steal()">请于<strong>周六</strong>前完成<script>alert(1)</script><a href="javascript:alert(1)">陈列</a><img src=x onerror=alert(1)></p>',
        targets: { a: ['440305'] },
        roles: [1],
        deadline,
        priority: 2,
        attachments: [pdf, csv],
      },
      f.sup,
    );
    expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
    id = c.body.result.id;
    expect(c.body.result.body).toBe(
      '<p>请于<strong>周六</strong>前完成<a target="_blank" rel="noopener noreferrer">陈列</a></p>',
    );
    expect(c.body.result.files).toHaveLength(2);
    expect((await post(t, 'inform/send', { id }, f.sup)).body.ret).toBe(RET.conflict);
    await post(t, 'inform/apply', { id }, f.sup);
    const e = await post<{ online: number }>(t, 'inform/examine', { id, pass: 1 }, f.revHeaders);
    expect(e.body.ret).toBe(0);
    expect(e.body.result.online).toBe(301);
  });

  it('sends to the chosen roles in the targeted shops only, once, with a message each', async () => {
    const s = await post<{ recipients: number }>(t, 'inform/send', { id }, f.sup);
    expect(s.body.ret, JSON.stringify(s.body)).toBe(0);
    expect(s.body.result.recipients).toBe(2);
    const got = await t.db.admin.query<{ user_id: number }>(
      "select user_id from inform_receipts where entity = 'inform' and record_id = $1 order by user_id",
      [id],
    );
    expect(got.map((r) => r.user_id)).toEqual([people.assistantA1.id, people.assistantA2.id].sort((a, b) => a - b));
    const msgs = await renderedMessages(t, "kind = 'inform' and user_id = $1", [people.assistantA1.id]);
    expect(msgs).toEqual([
      expect.objectContaining({ title_zh: '新通知：周末促销陈列', title_en: 'New notification: 周末促销陈列' }),
    ]);
    expect((await post(t, 'inform/send', { id }, f.sup)).body).toMatchObject({
      ret: RET.conflict,
      msg: '只有审核通过且未发送的记录可以发送',
    });
    // withdrawn, it leaves the received lists; sent again, it is back with the same receipts and no new message
    expect((await post(t, 'inform/set-status', { id, status: 301 }, f.sup)).body.ret).toBe(0);
    expect(
      (await post<{ total: number }>(t, 'inform/received', { pageNum: 1, pageSize: 10 }, people.assistantA1.h)).body
        .result.total,
    ).toBe(0);
    expect((await post<{ recipients: number }>(t, 'inform/send', { id }, f.sup)).body.result.recipients).toBe(2);
    expect(await renderedMessages(t, "kind = 'inform' and user_id = $1", [people.assistantA1.id])).toHaveLength(1);
  });

  it('lets a recipient read and confirm; others are refused', async () => {
    const list = await post<{ list: Received[]; total: number }>(
      t,
      'inform/received',
      { pageNum: 1, pageSize: 10 },
      people.assistantA1.h,
    );
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.list[0]).toMatchObject({
      id,
      confirmedAt: null,
      overdue: 0,
      files: [
        { id: pdf, type: 10 },
        { id: csv, type: 1 },
      ],
    });
    expect(
      (await post<{ total: number }>(t, 'inform/received', { pageNum: 1, pageSize: 10 }, people.assistantB.h)).body
        .result.total,
    ).toBe(0);
    expect((await post(t, 'inform/check', { id }, people.assistantB.h)).body).toMatchObject({
      ret: RET.forbidden,
      msg: '您不是这条通知的接收人',
    });
    const ok = await post<Received>(t, 'inform/check', { id, reply: '已完成陈列' }, people.assistantA1.h);
    expect(ok.body.ret, JSON.stringify(ok.body)).toBe(0);
    expect(ok.body.result).toMatchObject({ reply: '已完成陈列' });
    expect(ok.body.result.confirmedAt).toBeGreaterThan(0);
    const pending = await post<{ total: number }>(
      t,
      'inform/received',
      { pageNum: 1, pageSize: 10, pending: 1 },
      people.assistantA1.h,
    );
    expect(pending.body.result.total).toBe(0);
    // /home tells each what waits for them
    const home = async (h: H) =>
      (await post<{ notifications: unknown }>(t, 'stats/home', {}, h)).body.result.notifications;
    expect(await home(people.assistantA1.h)).toEqual({ toConfirm: 0, overdue: 0, toRead: 0 });
    expect(await home(people.assistantA2.h)).toEqual({ toConfirm: 1, overdue: 0, toRead: 0 });
  });

  it('shows receipts per shop and person, cut to the reader range', async () => {
    const all = await post<Receipts>(t, 'inform/receipts', { id, pageNum: 1, pageSize: 10 }, f.sup);
    expect(all.body.ret, JSON.stringify(all.body)).toBe(0);
    expect(all.body.result.summary).toEqual({ total: 2, done: 1, pending: 1, overdue: 0 });
    expect(all.body.result.byShop).toEqual([{ shopId: f.shop, shopName: expect.any(String), total: 2, done: 1 }]);
    expect(all.body.result.list.map((r) => r.userId)).toEqual([people.assistantA2.id, people.assistantA1.id]);
    const pending = await post<Receipts>(
      t,
      'inform/receipts',
      { id, state: 'pending', pageNum: 1, pageSize: 10 },
      f.sup,
    );
    expect(pending.body.result.list.map((r) => r.userId)).toEqual([people.assistantA2.id]);
    expect(
      (await post<Receipts>(t, 'inform/receipts', { id, pageNum: 1, pageSize: 10 }, people.managerA.h)).body.result
        .summary.total,
    ).toBe(2);
    expect((await post(t, 'inform/receipts', { id, pageNum: 1, pageSize: 10 }, people.managerB.h)).body.ret).toBe(
      RET.forbidden,
    );
  });

  it('signs attachments for recipients and readers of the record only', async () => {
    const d = await post<{ url: string; name: string }>(
      t,
      'inform/download',
      { id, fileId: pdf },
      people.assistantA2.h,
    );
    expect(d.body.ret, JSON.stringify(d.body)).toBe(0);
    expect(d.body.result.name).toBe('门店陈列规范.pdf');
    const bytes = await t.app.inject({ method: 'GET', url: d.body.result.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-disposition']).toMatch(/^attachment;/);
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
    expect((await post(t, 'inform/download', { id, fileId: pdf }, people.assistantB.h)).body.ret).toBe(RET.forbidden);
    const png = await attach(f.sup, 'x.png', makePng(4, 4, 3));
    expect((await post(t, 'inform/download', { id, fileId: Number(png.body.result.id) }, f.sup)).body.ret).toBe(
      RET.notFound,
    );
    const other = await makeEnterprise(t);
    expect(
      (await post(t, 'inform/download', { id, fileId: pdf }, tenantHeaders(other.owner, other, other.ownerRole))).body
        .ret,
    ).toBe(RET.notFound);
  });

  it('reminds the unconfirmed once, within a day of the deadline', async () => {
    expect(await runInformReminders(t.deps, new Date((deadline - 26 * 3600) * 1000))).toBe(0);
    expect(await runInformReminders(t.deps, new Date((deadline - 3600) * 1000))).toBe(1);
    expect(await runInformReminders(t.deps, new Date((deadline - 1800) * 1000))).toBe(0);
    const msgs = await renderedMessages(t, "kind = 'inform' and user_id = $1", [people.assistantA2.id]);
    expect(msgs.map((m) => m.title_zh)).toEqual(['新通知：周末促销陈列', '提醒：通知「周末促销陈列」尚未确认']);
    expect(msgs[1].body_en).toMatch(/^Confirm by \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const confirmed = await renderedMessages(t, "kind = 'inform' and user_id = $1", [people.assistantA1.id]);
    expect(confirmed).toHaveLength(1);
  });

  it('sends announcements to managers, who read them', async () => {
    const c = await post<{ id: number }>(
      t,
      'inform2/create',
      { title: '年终盘点安排', body: '<p>12 月 31 日盘点</p>', targets: { s: [f.shop, shopB] }, roles: [2] },
      f.sup,
    );
    expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
    const a = c.body.result.id;
    await post(t, 'inform2/apply', { id: a }, f.sup);
    await post(t, 'inform2/examine', { id: a, pass: 1 }, f.revHeaders);
    expect((await post<{ recipients: number }>(t, 'inform2/send', { id: a }, f.sup)).body.result.recipients).toBe(2);
    const read = await post<Received>(t, 'inform2/check', { id: a }, people.managerB.h);
    expect(read.body.result.readAt).toBeGreaterThan(0);
    const r = await post<Receipts>(t, 'inform2/receipts', { id: a, pageNum: 1, pageSize: 10 }, f.sup);
    expect(r.body.result.summary).toMatchObject({ total: 2, done: 1 });
    // a manager of one of the two shops sees that shop's receipts only
    const mine = await post<Receipts>(t, 'inform2/receipts', { id: a, pageNum: 1, pageSize: 10 }, people.managerA.h);
    expect(mine.body.result.summary).toMatchObject({ total: 1, done: 0 });
    expect(mine.body.result.list.map((x) => x.userId)).toEqual([people.managerA.id]);
    // an assistant's inform list does not hold the managers' announcement
    expect(
      (await post<{ total: number }>(t, 'inform2/received', { pageNum: 1, pageSize: 10 }, people.assistantA1.h)).body
        .result.total,
    ).toBe(0);
  });
});
