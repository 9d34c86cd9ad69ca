import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { api, fileUpload, inform2Data, informData, ROLE, type CallDef, type InformEntity } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { createUser } from '../domains/account/service.js';
import { addMember, addRoleEntry } from '../domains/company/queries.js';
import { setDataRange } from '../domains/enterprise/ranges.js';
import { permitFor, receive, signature } from '../domains/files/service.js';
import { runInformReminders } from '../domains/inform/reminders.js';
import { check, send } from '../domains/inform/service.js';
import { lifecycleService } from '../lifecycle/service.js';
import { runCall } from '../oplog/call.js';
import type { TenantCtx } from '../plugins/context.js';
import { INFORM, INFORM2 } from '../records/inform-entities.js';
import { nextOccasion } from './demo-advert.js';
import { ctxFor, type DemoPerson } from './demo-stores.js';

// The demo's notifications and announcements (issue 12 §3), through the services the console's
// calls run: the store manager writes and submits, the supervisor reviews and sends, and the
// recipients read and confirm with their own contexts — so the receipts show every state (confirmed
// on time, pending, overdue, reminded). Times are spread over the past week by the services' `now`
// argument: a notification sent six days ago with a deadline yesterday is overdue for whoever has
// not confirmed it. A few shop staff accounts (same password as the demo's) make the receipts per
// shop worth looking at; the demo assistant gets their own shop as data range.

const DAY = 86_400;
const HOUR = 3_600;
const ALL = ['31', '11', '44', '33', '32', '51', '42'];
const MEDIA = join(import.meta.dirname, 'media');

/** Shop staff with accounts: phone, nickname, role, and which demo shop (see `shopsOf`). */
export const DEMO_STAFF = [
  { phone: '13800000011', nickname: '陈店员', role: ROLE.assistant, shop: 'sh1' },
  { phone: '13800000012', nickname: '刘店员', role: ROLE.assistant, shop: 'sh2' },
  { phone: '13800000013', nickname: '周店长', role: ROLE.manager, shop: 'sh2' },
  { phone: '13800000014', nickname: '吴店长', role: ROLE.manager, shop: 'bj' },
  { phone: '13800000015', nickname: '郑店员', role: ROLE.assistant, shop: 'bj' },
] as const;
type Who = 'manager' | 'assistant' | (typeof DEMO_STAFF)[number]['nickname'];

type Reply = { who: Who; at: number; reply?: string; photo?: boolean };
type Spec = {
  entity: InformEntity;
  key: string;
  title: string;
  body: string;
  priority: number;
  targets: Record<string, string[]>;
  roles: number[];
  /** seconds from now; `sent`: how long ago it was sent; absent → not sent */
  deadline?: number;
  sent?: number;
  state?: 'draft' | 'submitted' | 'rejected';
  pdf?: boolean;
  done?: Reply[];
};

const p = (...lines: string[]) => lines.map((l) => (l.startsWith('<') ? l : `<p>${l}</p>`)).join('');
const REJECTED = '调休的具体日期没有写明，请补充后重新提交';

/** Month and day as a notice writes them: "12 月 12 日". */
const md = (day: string) => `${Number(day.slice(5, 7))} 月 ${Number(day.slice(8, 10))} 日`;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The coming season's new arrivals, by the season of the month after `today`. */
const ARRIVALS: [string, string][] = [
  ['冬季', '羊毛围巾、滇红红茶礼盒、挂耳咖啡'],
  ['春季', '明前龙井、轻薄风衣、樱花限定饮品'],
  ['夏季', '冰镇果茶、防晒喷雾、竹制凉席'],
  ['秋季', '桂花乌龙、保温杯、坚果礼盒'],
];
const arrivalsFor = (today: string) => ARRIVALS[Math.floor((Number(today.slice(5, 7)) % 12) / 3)];

/**
 * The campaign the notices prepare: the next occasion (nextOccasion, as the season plans) when it is
 * at most 45 days ahead, else the chain's monthly member day (the 18th, at least a week ahead).
 */
function campaignFor(today: string): { name: string; day: string } {
  const occasion = nextOccasion(today);
  if (occasion.day <= addDays(today, 45)) return occasion;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const the18th = (k: number) => new Date(Date.UTC(y, m - 1 + k, 18)).toISOString().slice(0, 10);
  return { name: '会员日', day: the18th(0) >= addDays(today, 7) ? the18th(0) : the18th(1) };
}

/**
 * The demo's notices as of `today` (the demo enterprise's local day): the campaign is the next
 * occasion or member day (campaignFor), the new arrivals the coming season's, the stocktake
 * at this month's end, the opening hours change on the next month's first day — true on any day of
 * the year (issue 25 §6).
 */
export function demoNotices(today: string): Spec[] {
  const occasion = campaignFor(today);
  const [season, arrivals] = arrivalsFor(today);
  const nextMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1));
  const monthEnd = addDays(nextMonth.toISOString().slice(0, 10), -1);
  return [
    {
      entity: 'inform',
      key: 'promo',
      title: `${occasion.name}促销陈列要求`,
      priority: 3,
      targets: { p: ALL },
      roles: [1, 2],
      deadline: 2 * DAY,
      sent: DAY,
      pdf: true,
      body: p(
        '各门店：',
        `${occasion.name}大促将于 <strong>${md(occasion.day)}</strong> 开始，请按附件《${occasion.name}陈列规范》完成以下工作：`,
        '<ol><li>门口堆头换成促销主题，价签全部更新为活动价；</li><li>收银台旁摆放满减活动海报；</li><li>应季新品、名茶礼盒放在主通道端架。</li></ol>',
        '完成后请在本通知中<strong>确认并上传陈列照片</strong>。',
      ),
      done: [
        { who: 'assistant', at: 5 * HOUR, reply: '已按要求陈列，照片已上传', photo: true },
        { who: '吴店长', at: 3 * HOUR, reply: '已完成' },
      ],
    },
    {
      entity: 'inform',
      key: 'arrivals',
      title: `${season}新品到店验收`,
      priority: 2,
      targets: { a: ['310101', '110101'] },
      roles: [1, 2],
      deadline: -DAY,
      sent: 6 * DAY,
      body: p(
        `${season}新品（${arrivals}）已于本周发货，请各店到货当天完成验收：`,
        '<ul><li>核对数量与送货单一致；</li><li>检查外包装有无破损；</li><li>有问题当天拍照反馈给区域督导。</li></ul>',
      ),
      done: [
        { who: 'assistant', at: 4 * DAY, reply: '已完成验收，数量无误，无破损' },
        { who: '周店长', at: 3 * DAY, reply: '已完成' },
      ],
    },
    {
      entity: 'inform',
      key: 'fire',
      title: '消防安全检查',
      priority: 2,
      targets: { a: ['310101'] },
      roles: [1, 2],
      deadline: 18 * HOUR,
      sent: 2 * DAY,
      body: p(
        '近期门店用电负荷大，请各店完成一次消防安全自查：',
        '<ul><li>灭火器压力与有效期；</li><li>安全出口、疏散通道无堆放；</li><li>大功率电器、插线板无超负荷使用。</li></ul>',
        '自查后请确认，并在回复中写明发现的问题。',
      ),
      done: [
        { who: '陈店员', at: DAY + 2 * HOUR, reply: '灭火器均在有效期内，通道已清理' },
        { who: '刘店员', at: DAY, reply: '已完成' },
        { who: 'manager', at: 20 * HOUR, reply: '本区域门店已全部自查，发现两处通道堆放已整改' },
      ],
    },
    {
      entity: 'inform',
      key: 'duty',
      title: `${occasion.name}值班安排`,
      priority: 1,
      targets: { p: ALL },
      roles: [1, 2],
      deadline: 20 * DAY,
      state: 'draft',
      body: p(`${occasion.name}期间各店营业时间与值班安排如下，请店长于 ${md(addDays(today, 20))}前报送值班表。`),
    },
    {
      entity: 'inform',
      key: 'hygiene',
      title: '门店卫生检查标准',
      priority: 1,
      targets: { a: ['310101'] },
      roles: [1, 2],
      deadline: 7 * DAY,
      state: 'submitted',
      body: p('自下周起，区域督导将按新版卫生检查标准抽查门店：货架、冷柜、地面、卫生间四项，每项 25 分。'),
    },
    {
      entity: 'inform',
      key: 'overtime',
      title: '周末加班调休通知',
      priority: 1,
      targets: { a: ['310101'] },
      roles: [1],
      deadline: 5 * DAY,
      state: 'rejected',
      body: p(`${occasion.name}期间周末加班的店员，可在活动结束后申请调休。`),
    },
    {
      entity: 'inform2',
      key: 'stocktake',
      title: '月末盘点安排',
      priority: 2,
      targets: { p: ALL },
      roles: [1, 2],
      sent: 3 * DAY,
      body: p(
        `月末盘点定于 <strong>${md(monthEnd)}闭店后</strong> 进行，当天 21:00 停止收银。`,
        '请店长提前安排人手，盘点结果于次日 12:00 前上报。',
      ),
      done: [
        { who: 'assistant', at: 2 * DAY },
        { who: '周店长', at: 2 * DAY + 5 * HOUR },
        { who: '吴店长', at: DAY },
      ],
    },
    {
      entity: 'inform2',
      key: 'hours',
      title: '门店营业时间调整',
      priority: 1,
      targets: { a: ['310101'] },
      roles: [1, 2],
      sent: 4 * DAY,
      body: p(
        `自 ${md(nextMonth.toISOString().slice(0, 10))}起，黄浦区各门店营业时间调整为 <strong>08:30–22:30</strong>，早班提前 30 分钟到岗。`,
      ),
      done: [
        { who: 'manager', at: 4 * DAY - HOUR },
        { who: 'assistant', at: 3 * DAY },
        { who: '陈店员', at: 3 * DAY },
        { who: '刘店员', at: 2 * DAY },
      ],
    },
    {
      entity: 'inform2',
      key: 'training',
      title: '员工培训通知',
      priority: 1,
      targets: { p: ALL },
      roles: [1],
      sent: 12 * HOUR,
      body: p('本周四 14:00 在线上开展新品知识与收银系统培训，约 1 小时，请店员准时参加。'),
      done: [{ who: '郑店员', at: 2 * HOUR }],
    },
  ];
}

/** A one-page PDF with a line of text: the display guide attached to the promotion notice. */
function guidePdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 760 Td (Campaign display guide - Vitrine demo) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export type DemoInformOptions = {
  enterpriseId: number;
  supervisor: DemoPerson;
  manager: DemoPerson;
  assistant: DemoPerson;
  /** the staff accounts' password hash (the demo's password) */
  passwordHash: string;
  now?: Date;
};
export type DemoInformResult = {
  notifications: number;
  announcements: number;
  sent: number;
  receipts: number;
  done: number;
  staff: number;
};

/** Enabled demo shops the staff work in: two in 黄浦 (310101, the manager's district) and one in 东城 (110101). */
async function shopsOf(deps: Deps, sup: TenantCtx): Promise<Record<string, number>> {
  const rows = await deps.db.tx({ enterpriseId: sup.enterprise.id, userId: sup.user.id }, (q) =>
    q.query<{ id: number; district: string }>(
      `select id, district from shops
        where enterprise_id = $1 and live_version is not null and deleted_at is null and district in ('310101', '110101') order by id`,
      [sup.enterprise.id],
    ),
  );
  const sh = rows.filter((r) => r.district === '310101');
  const bj = rows.find((r) => r.district === '110101');
  if (sh.length < 2 || !bj) throw new Error('demo inform: the demo stores are needed first');
  return { sh1: sh[0].id, sh2: sh[1].id, bj: bj.id };
}

/** The demo assistant's range becomes their shop; the staff accounts are made members of their shops. */
async function seedStaff(deps: Deps, opts: DemoInformOptions, sup: TenantCtx): Promise<Map<Who, TenantCtx>> {
  const shops = await shopsOf(deps, sup);
  const strict = deps.config.checkWrites === true;
  const scope = { enterpriseId: opts.enterpriseId };
  const only = (shop: number) => ({ p: [], c: [], a: [], s: [String(shop)] });
  const [entry] = await deps.db.tx(scope, (q) =>
    q.query<{ id: number; dept_id: number }>(
      `select re.id, re.dept_id from role_entries re join jobs j on j.id = re.job_id
        where re.enterprise_id = $1 and re.user_id = $2 and j.role = $3 order by re.id limit 1`,
      [opts.enterpriseId, opts.assistant.id, ROLE.assistant],
    ),
  );
  const input = { id: entry.id, range: only(shops.sh1) };
  await runCall(api.role.setDataRange, input, strict, () => setDataRange(deps, sup, input));
  const people: { who: Who; person: DemoPerson; role: number }[] = [
    { who: 'manager', person: opts.manager, role: ROLE.manager },
    { who: 'assistant', person: opts.assistant, role: ROLE.assistant },
  ];
  for (const s of DEMO_STAFF) {
    const user = await deps.db.tx({}, (q) => createUser(q, s.phone, opts.passwordHash, s.nickname));
    await deps.db.tx(scope, async (q) => {
      const [head] = await q.query<{ id: number }>(
        'select id from departments where enterprise_id = $1 order by id limit 1',
        [scope.enterpriseId],
      );
      const [job] = await q.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = $2', [
        scope.enterpriseId,
        s.role,
      ]);
      await addMember(q, scope, user.id, false);
      await addRoleEntry(q, scope, {
        userId: user.id,
        deptId: s.shop === 'bj' ? head.id : entry.dept_id,
        jobId: job.id,
        range: only(shops[s.shop]),
      });
    });
    people.push({ who: s.nickname, person: { id: user.id, phone: s.phone, nickname: s.nickname }, role: s.role });
  }
  const out = new Map<Who, TenantCtx>();
  await deps.db.tx(scope, async (q) => {
    for (const x of people) out.set(x.who, await ctxFor(q, opts.enterpriseId, x.person, x.role));
  });
  return out;
}

/** Upload a file as an attachment by this person, through the files service; its id. */
async function attach(deps: Deps, ctx: TenantCtx, name: string, bytes: Buffer | string) {
  const size = typeof bytes === 'string' ? statSync(bytes).size : bytes.length;
  const { permit } = await signature(deps, ctx, { kind: 'attachment', size });
  const stream = typeof bytes === 'string' ? createReadStream(bytes) : Readable.from([bytes]);
  const strict = deps.config.checkWrites === true;
  return Number(
    (await runCall(fileUpload, {}, strict, () => receive(deps, ctx, permitFor(deps, ctx, permit), stream, name))).id,
  );
}

/**
 * Seeds the demo enterprise's notifications and announcements once (nothing when it has any):
 * every lifecycle state, sent ones with receipts confirmed, read, pending and overdue.
 */
export async function seedDemoInform(deps: Deps, opts: DemoInformOptions): Promise<DemoInformResult> {
  const none = { notifications: 0, announcements: 0, sent: 0, receipts: 0, done: 0, staff: 0 };
  const scope = { enterpriseId: opts.enterpriseId, userId: opts.supervisor.id };
  const [found] = await deps.db.tx(scope, (q) =>
    q.query<{ n: number }>(
      'select (select count(*) from informs where enterprise_id = $1) + (select count(*) from informs2 where enterprise_id = $1) as n',
      [opts.enterpriseId],
    ),
  );
  if (Number(found.n) > 0) return none;
  const sup = await deps.db.tx(scope, (q) => ctxFor(q, opts.enterpriseId, opts.supervisor, ROLE.supervisor));
  const people = await seedStaff(deps, opts, sup);
  const manager = people.get('manager')!;
  const strict = deps.config.checkWrites === true;
  const as = <T>(def: CallDef, input: unknown, fn: () => Promise<T>) => runCall(def, input, strict, fn);
  const now = (opts.now ?? new Date()).getTime();
  const T = Math.floor(now / 1000);
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000);
  const today = new Date(now + 8 * HOUR * 1000).toISOString().slice(0, 10); // the demo enterprise's day (Asia/Shanghai)
  const specs = demoNotices(today);
  const pdf = await attach(deps, manager, `${campaignFor(today).name}陈列规范.pdf`, guidePdf());
  const photo = await attach(deps, people.get('assistant')!, '陈列照片.jpg', join(MEDIA, 'new-arrivals.jpg'));
  const stats = { ...none, staff: DEMO_STAFF.length };
  for (const s of specs) {
    const calls = api[s.entity];
    const service = lifecycleService(deps.db, s.entity === 'inform' ? INFORM : INFORM2);
    const fields = {
      title: s.title,
      body: s.body,
      priority: s.priority,
      targets: s.targets,
      roles: s.roles,
      attachments: s.pdf ? [pdf] : [],
    };
    const data =
      s.entity === 'inform'
        ? informData.parse({ ...fields, deadline: T + (s.deadline ?? 0) })
        : inform2Data.parse(fields);
    const id = Number((await as(calls.create, data, () => service.create(manager, data))).id);
    stats[s.entity === 'inform' ? 'notifications' : 'announcements'] += 1;
    if (s.state === 'draft') continue;
    await as(calls.apply, { id }, () => service.apply(manager, { id }));
    if (s.state === 'submitted') continue;
    const review = s.state === 'rejected' ? { id, pass: 0 as const, reason: REJECTED } : { id, pass: 1 as const };
    await as(calls.examine, review, () => service.examine(sup, review));
    if (s.sent === undefined) continue;
    // sent back then (a notification's deadline was still ahead), confirmed or read since
    const sent = await as(calls.send, { id }, () => send(deps, sup, s.entity, id, at(s.sent!)));
    stats.sent += 1;
    stats.receipts += sent.recipients;
    for (const d of s.done ?? []) {
      const ctx = people.get(d.who)!;
      const input = { id, reply: d.reply ?? '', ...(d.photo ? { photoId: photo } : {}) };
      await as(calls.check, input, () => check(deps, ctx, s.entity, input, at(d.at)));
      stats.done += 1;
    }
  }
  // the scheduler's reminder of the fire check (due within a day) to those who have not confirmed
  await runInformReminders(deps, new Date(now));
  return stats;
}
