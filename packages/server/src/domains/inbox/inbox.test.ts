import { describe, expect, it } from 'vitest';
import { RET, type MessageItem } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { sendMessage } from '../../messages/send.js';

const t = useTestApp();
type Page = { list: MessageItem[]; total: number; pageNum: number; pageSize: number };
const en = { cookie: 'language=en-US' };
/** The owner's "enterprise approved" message: out of the way of the counts below. */
const clear = (enterpriseId: number) =>
  t.db.admin.query('delete from messages where enterprise_id = $1', [enterpriseId]);

describe('messages', () => {
  it('a join application reaches the admin in both languages; list, info, check, unread count', async () => {
    const ent = await makeEnterprise(t);
    const applicant = await makeUser(t, '小王');
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    await clear(ent.companyId);
    expect((await post(t, 'company/apply-join', { enCode: ent.companyCode }, applicant.headers)).body.ret).toBe(0);

    const zh = await post<Page>(t, 'message/list', {}, h);
    expect(zh.body.result).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    const msg = zh.body.result.list[0];
    expect(msg).toMatchObject({
      kind: 'join.applied',
      title: '小王 申请加入企业',
      status: 401,
      link: '/enterprise?tab=applies',
    });
    expect(msg.body).toContain(applicant.phone);
    expect(Math.abs(msg.ctime - Date.now() / 1000)).toBeLessThan(60);
    const eng = await post<Page>(t, 'message/list', {}, { ...h, ...en });
    expect(eng.body.result.list[0]).toMatchObject({ id: msg.id, title: '小王 applied to join' });
    expect(eng.body.result.list[0].body).toContain('Review it in enterprise management');
    // one stored row, no text in either language: a catalogue key and its parameters
    const [stored] = await t.db.admin.query<{ title: unknown }>('select title from messages where id = $1', [msg.id]);
    expect(stored.title).toEqual({ key: 'message.joinApplied', params: { who: '小王' } });

    expect((await post(t, 'message/unread-count', {}, h)).body.result).toEqual({ count: 1 });
    // info does not mark read
    const info = await post<MessageItem>(t, 'message/info', { id: msg.id }, { ...h, ...en });
    expect(info.body.result).toMatchObject({ id: msg.id, status: 401, title: '小王 applied to join' });
    expect((await post(t, 'message/unread-count', {}, h)).body.result).toEqual({ count: 1 });

    expect((await post(t, 'message/check', { ids: [msg.id] }, h)).body.result).toEqual({ count: 1 });
    expect((await post(t, 'message/unread-count', {}, h)).body.result).toEqual({ count: 0 });
    expect((await post<Page>(t, 'message/list', { status: 402 }, h)).body.result.list.map((m) => m.id)).toEqual([
      msg.id,
    ]);
    expect((await post<Page>(t, 'message/list', { status: 401 }, h)).body.result.total).toBe(0);
    // checking again changes nothing
    expect((await post(t, 'message/check', { ids: JSON.stringify([msg.id]) }, h)).body.result).toEqual({ count: 0 });
  });

  it('pages of 10, newest first; check all; a bad status or an empty check is 40001', async () => {
    const ent = await makeEnterprise(t);
    await clear(ent.companyId);
    await t.db.tx({ enterpriseId: ent.companyId }, async (q) => {
      for (let i = 1; i <= 12; i++) {
        await sendMessage(q, {
          enterpriseId: ent.companyId,
          to: [ent.owner.id],
          kind: 'system',
          title: { key: 'message.text', params: { text: `消息${i}` } },
        });
      }
    });
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const p1 = await post<Page>(t, 'message/list', {}, h);
    expect(p1.body.result.total).toBe(12);
    expect(p1.body.result.list.map((m) => m.title)).toEqual(Array.from({ length: 10 }, (_, i) => `消息${12 - i}`));
    const p2 = await post<Page>(t, 'message/list', { pageNum: 2 }, h);
    expect(p2.body.result.list.map((m) => m.title)).toEqual(['消息2', '消息1']);
    expect((await post(t, 'message/list', { status: 403 }, h)).body.ret).toBe(RET.validation);
    expect((await post(t, 'message/check', {}, h)).body.ret).toBe(RET.validation);
    expect((await post(t, 'message/check', { all: 1 }, h)).body.result).toEqual({ count: 12 });
    expect((await post(t, 'message/unread-count', {}, h)).body.result).toEqual({ count: 0 });
  });

  it("another member's message, or mine in another enterprise, is not found (40004)", async () => {
    const a = await makeEnterprise(t);
    const b = await makeEnterprise(t, { owner: a.owner });
    const member = await makeUser(t);
    const node = await addMemberWithRole(t, a, member, 1);
    await clear(a.companyId);
    await clear(b.companyId);
    const send = (e: number, to: number, zh: string) =>
      t.db.tx({ enterpriseId: e }, (q) =>
        sendMessage(q, {
          enterpriseId: e,
          to: [to],
          kind: 'system',
          title: { key: 'message.text', params: { text: zh } },
        }),
      );
    await send(a.companyId, a.owner.id, '给管理员');
    await send(b.companyId, a.owner.id, '在B');
    await send(a.companyId, member.id, '给店员');
    const ids = await t.db.admin.query<{ id: number; text: string }>(
      "select id, title->'params'->>'text' as text from messages where enterprise_id in ($1, $2)",
      [a.companyId, b.companyId],
    );
    const id = (title: string) => ids.find((r) => r.text === title)!.id;
    const hm = tenantHeaders(member, a, node);
    expect((await post<Page>(t, 'message/list', {}, hm)).body.result.list.map((m) => m.title)).toEqual(['给店员']);
    expect((await post(t, 'message/info', { id: id('给管理员') }, hm)).body).toMatchObject({
      ret: RET.notFound,
      msg: '消息不存在',
    });
    expect((await post(t, 'message/check', { ids: [id('给店员'), id('给管理员')] }, hm)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'message/unread-count', {}, hm)).body.result).toEqual({ count: 1 });
    const ha = tenantHeaders(a.owner, a, a.ownerRole);
    expect((await post(t, 'message/info', { id: id('在B') }, ha)).body.ret).toBe(RET.notFound);
    expect((await post<Page>(t, 'message/list', {}, ha)).body.result.list.map((m) => m.title)).toEqual(['给管理员']);
    // check all in a only touches a
    await post(t, 'message/check', { all: 1 }, ha);
    const hb = tenantHeaders(a.owner, b, b.ownerRole);
    expect((await post(t, 'message/unread-count', {}, hb)).body.result).toEqual({ count: 1 });
  });
});
