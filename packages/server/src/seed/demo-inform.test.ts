import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, roleOf, tenantHeaders } from '../../test/factories.js';
import { seedDemoAdvert } from './demo-advert.js';
import { demoNotices, seedDemoInform } from './demo-inform.js';
import { seedDemoStores } from './demo-stores.js';

const t = useTestApp();

type Received = {
  list: {
    title: string;
    confirmedAt: number | null;
    readAt: number | null;
    reply: string;
    overdue: number;
    files: { name: string; mime: string }[];
  }[];
  total: number;
};
type Receipts = {
  summary: { total: number; done: number; pending: number; overdue: number };
  byShop: { shopId: number | null; total: number; done: number }[];
  list: { name: string; reply: string; remindedAt: number | null; photoUrl: string | null }[];
};

describe('demo notifications and announcements', () => {
  it('has every state, written, reviewed, sent and confirmed through the services; the demo assistant has some to confirm; once', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t, '李店长');
    await addMemberWithRole(t, ent, manager, 2);
    const assistant = await makeUser(t, '张店员');
    await addMemberWithRole(t, ent, assistant, 1);
    const people = {
      enterpriseId: ent.companyId,
      supervisor: { id: ent.owner.id, phone: ent.owner.phone },
      manager: { id: manager.id, phone: manager.phone },
    };
    await seedDemoStores(t.deps, { ...people, shops: 25 });
    await seedDemoAdvert(t.deps, people);
    const opts = {
      ...people,
      assistant: { id: assistant.id, phone: assistant.phone },
      passwordHash: await t.deps.hasher.hash('x'),
    };
    const started = performance.now();
    const res = await seedDemoInform(t.deps, opts);
    // the titles of the day's notices (they name the next occasion and the coming season)
    const title = Object.fromEntries(
      demoNotices(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)).map((n) => [n.key, n.title]),
    );
    console.log(
      `demo inform: ${JSON.stringify(res)} in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.db.kind})`,
    );
    expect(res).toMatchObject({ notifications: 6, announcements: 3, sent: 6, staff: 5 });

    const q = <T>(sql: string) => t.db.admin.query<T>(sql, [ent.companyId]);
    // every lifecycle state: a draft, one waiting for review, one rejected with its reason, the sent ones online
    const states = await q<{ entity: string; title: string; status: number; online: number; sent: boolean }>(
      `select 'inform' as entity, title, status, online, sent_at is not null as sent from informs where enterprise_id = $1
       union all select 'inform2', title, status, online, sent_at is not null from informs2 where enterprise_id = $1 order by 1, 2`,
    );
    const byState = (status: number) => states.filter((s) => s.status === status).map((s) => s.title);
    expect(byState(101)).toEqual([title.duty]);
    expect(byState(102)).toEqual(['门店卫生检查标准']);
    expect(byState(104)).toEqual(['周末加班调休通知']);
    expect(states.filter((s) => s.sent && s.online === 302)).toHaveLength(6);
    const [rejected] = await q<{ reason: string }>(
      `select reason from record_versions where enterprise_id = $1 and entity = 'inform' and status = 104`,
    );
    expect(rejected.reason).toContain('调休');

    // receipts: confirmed, pending and overdue notifications; read announcements
    const receiptsOf = async (entity: string, title: string) => {
      const [{ id }] = await t.db.admin.query<{ id: number }>(
        `select id from ${entity === 'inform' ? 'informs' : 'informs2'} where enterprise_id = $1 and title = $2`,
        [ent.companyId, title],
      );
      const r = await post<Receipts>(
        t,
        `${entity}/receipts`,
        { id, pageNum: 1, pageSize: 50 },
        tenantHeaders(ent.owner, ent, ent.ownerRole),
      );
      expect(r.body.ret, JSON.stringify(r.body)).toBe(0);
      return r.body.result;
    };
    const promo = await receiptsOf('inform', title.promo);
    expect(promo.summary).toMatchObject({ done: 2, overdue: 0 });
    expect(promo.summary.pending).toBeGreaterThan(0);
    expect(promo.list.find((r) => r.reply === '已按要求陈列，照片已上传')?.photoUrl).toBeTruthy();
    const winter = await receiptsOf('inform', title.arrivals);
    expect(winter.summary.done).toBe(2);
    expect(winter.summary.overdue).toBe(winter.summary.pending);
    expect(winter.summary.overdue).toBeGreaterThan(0);
    const fire = await receiptsOf('inform', '消防安全检查');
    expect(fire.summary).toMatchObject({ done: 3, pending: 2, overdue: 0 });
    expect(fire.byShop.length).toBeGreaterThan(1);
    expect(fire.list.filter((r) => r.remindedAt !== null)).toHaveLength(2);
    for (const name of [title.stocktake, title.hours, title.training]) {
      const r = await receiptsOf('inform2', name);
      expect(r.summary.done, name).toBeGreaterThan(0);
      expect(r.summary.pending, name).toBeGreaterThan(0);
    }

    // the demo assistant signs in to one notification to confirm (overdue or not) and others confirmed, and announcements read and unread
    const [role] = await roleOf(t, assistant, ent);
    const h = tenantHeaders(assistant, ent, role.roleNode);
    const mine = await post<Received>(t, 'inform/received', { pageNum: 1, pageSize: 20 }, h);
    expect(mine.body.ret, JSON.stringify(mine.body)).toBe(0);
    const got = Object.fromEntries(mine.body.result.list.map((r) => [r.title, r]));
    expect(Object.keys(got).sort()).toEqual([title.arrivals, title.promo, '消防安全检查'].sort());
    expect(got['消防安全检查']).toMatchObject({ confirmedAt: null, overdue: 0 });
    expect(got[title.arrivals].confirmedAt).toBeGreaterThan(0);
    expect(got[title.promo].files).toEqual([
      expect.objectContaining({ name: title.promo.replace('促销陈列要求', '陈列规范.pdf'), mime: 'application/pdf' }),
    ]);
    const notices = await post<Received>(t, 'inform2/received', { pageNum: 1, pageSize: 20 }, h);
    expect(notices.body.result.list.map((r) => [r.title, r.readAt !== null])).toEqual(
      expect.arrayContaining([
        ['员工培训通知', false],
        [title.stocktake, true],
      ]),
    );
    // the shop staff accounts are members with one shop each as their range
    const staff = await q<{ phone: string; role: number; s: string[] }>(
      `select u.phone, j.role, re.data_range->'s' as s from users u join role_entries re on re.user_id = u.id and re.enterprise_id = $1
         join jobs j on j.id = re.job_id where u.phone like '1380000001_' order by u.phone`,
    );
    expect(staff.map((s) => [s.phone, s.role, s.s.length])).toEqual([
      ['13800000011', 1, 1],
      ['13800000012', 1, 1],
      ['13800000013', 2, 1],
      ['13800000014', 2, 1],
      ['13800000015', 1, 1],
    ]);
    const before = await q<{ n: number }>(
      'select (select count(*) from inform_receipts where enterprise_id = $1) + (select count(*) from oplog where enterprise_id = $1) as n',
    );
    expect(await seedDemoInform(t.deps, opts)).toMatchObject({ notifications: 0, sent: 0 });
    expect(
      await q<{ n: number }>(
        'select (select count(*) from inform_receipts where enterprise_id = $1) + (select count(*) from oplog where enterprise_id = $1) as n',
      ),
    ).toEqual(before);
  });
});
