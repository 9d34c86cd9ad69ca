import { AGE_BANDS, ET_TYPES, ROLE } from '@vitrine/contract';
import { randomUUID } from 'node:crypto';
import type { Q } from '../db/client.js';
import type { Row } from '../db/schema/index.js';
import { createUser } from '../domains/account/service.js';
import { addMember, addRoleEntry } from '../domains/company/queries.js';
import { tenantTx, type Tx } from '../db/tenant.js';
import type { Deps } from '../deps.js';
import { DEVICE } from '../records/device-entity.js';
import { queueCommands } from '../domains/devices/commands.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from '../records/store-entities.js';
import { bulkImport, type BulkRow, type Outcome } from '../lifecycle/bulk.js';
import type { Data } from '../lifecycle/types.js';
import type { TenantCtx } from '../plugins/context.js';

// Demo shops, points, staff, members and devices for the demo enterprise, through the lifecycle
// engine (the same functions the calls run): the manager authors and submits, the supervisor examines.

export type DemoPerson = { id: number; phone: string; nickname?: string };
export type DemoStoresOptions = {
  enterpriseId: number;
  supervisor: DemoPerson;
  manager: DemoPerson;
  shops?: number;
  /** the district managers' password (the demo's); absent: one nobody knows */
  passwordHash?: string;
};
export type DemoStoresResult = { shops: number; devices: number; records: number; managerDistrict: string };

const DISTRICTS = [
  '310101',
  '310104',
  '310115',
  '110101',
  '110105',
  '440305',
  '440304',
  '440106',
  '330106',
  '510104',
  '320102',
  '420106',
];
/** The store managers of the other districts (DISTRICTS[1…]); the demo manager (李店长) runs the first. */
export const DISTRICT_MANAGERS = [
  '王店长',
  '赵店长',
  '孙店长',
  '钱店长',
  '冯店长',
  '褚店长',
  '卫店长',
  '蒋店长',
  '沈店长',
  '韩店长',
  '杨店长',
];
const BRANDS = ['维特琳', '优选', '鲜生活', '家乐', '便民'];
const STREETS = ['人民路', '中山路', '建设路', '解放路', '和平路', '新华路'];
const BATCH = 80;

export async function ctxFor(q: Q, enterpriseId: number, who: DemoPerson, role: number): Promise<TenantCtx> {
  const [r] = await q.query<{
    id: number;
    role_node: string;
    dept_id: number;
    job_id: number;
    code: string;
    title: string;
    is_main: number;
  }>(
    `select re.id, re.role_node, re.dept_id, re.job_id, e.code, e.title, m.is_main
       from role_entries re join jobs j on j.id = re.job_id join enterprises e on e.id = re.enterprise_id
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id
      where re.enterprise_id = $1 and re.user_id = $2 and j.role = $3 order by re.id limit 1`,
    [enterpriseId, who.id, role],
  );
  return {
    lang: 'zh',
    ip: '127.0.0.1',
    source: 'pc',
    user: { id: who.id, phone: who.phone, nickname: who.nickname ?? '', sessionId: 0 },
    enterprise: { id: enterpriseId, code: r.code, title: r.title, isMain: r.is_main === 1 },
    role: { entryId: r.id, roleNode: r.role_node, role, deptId: r.dept_id, jobId: r.job_id },
    // The seed authors across the whole enterprise; the manager's stored range is set below.
    range: null,
  };
}

const outcomeOf = (i: number): Outcome =>
  i % 25 === 3 ? 'draft' : i % 25 === 7 ? 'submitted' : i % 25 === 11 ? 'rejected' : 'enabled';
const phoneOf = (n: number) => `13${String(100000000 + n).slice(-9)}`;
const REASON = '信息不完整，请补充';
const rowsOf = (datas: Data[], outcome: (i: number) => Outcome): BulkRow[] =>
  datas.map((data, i) => ({ data, outcome: outcome(i), reason: REASON }));

function shopData(i: number, managers: number[]): Data {
  const district = DISTRICTS[i % DISTRICTS.length];
  const managerId = managers[i % DISTRICTS.length];
  return {
    name: `${BRANDS[i % BRANDS.length]}${STREETS[i % STREETS.length]}${i + 1}号店`,
    code: `DEMO-${String(i + 1).padStart(4, '0')}`,
    level: (i % 3) + 1,
    province: district.slice(0, 2),
    city: district.slice(0, 4),
    district,
    address: `${STREETS[i % STREETS.length]}${(i % 300) + 1}号`,
    phone: `021-6${String(1000000 + i).slice(-7)}`,
    managerId,
    hours: '09:00-22:00',
    area: 80 + (i % 9) * 20,
  };
}

/** One batch of shops and, for the enabled ones, a point, a clerk, a member and two devices each. */
async function seedBatch(
  q: Tx,
  from: number,
  to: number,
  manager: TenantCtx,
  managers: number[],
  sup: TenantCtx,
  stats: DemoStoresResult,
): Promise<void> {
  const idx = Array.from({ length: to - from }, (_, k) => from + k);
  const shopIds = await bulkImport(
    q,
    SHOP,
    manager,
    sup,
    rowsOf(
      idx.map((i) => shopData(i, managers)),
      (k) => outcomeOf(idx[k]),
    ),
  );
  const live = idx.map((i, k) => ({ i, shop: shopIds[k] })).filter(({ i }) => outcomeOf(i) === 'enabled');
  const etIds = await bulkImport(
    q,
    ET,
    manager,
    sup,
    rowsOf(
      live.map(({ i, shop }) => ({ name: '入口', etType: ET_TYPES[i % ET_TYPES.length], shopId: shop, remark: '' })),
      () => 'enabled',
    ),
  );
  await bulkImport(
    q,
    EMPLOYEE,
    manager,
    sup,
    rowsOf(
      live.map(({ i, shop }) => ({
        name: `店员${i + 1}`,
        phone: phoneOf(i),
        gender: (i % 2) + 1,
        shopId: shop,
        deptId: null,
        jobId: null,
        hireDate: 1_700_000_000 + i * 86_400,
      })),
      (k) => outcomeOf(live[k].i + 5),
    ),
  );
  await bulkImport(
    q,
    MEMBER,
    manager,
    sup,
    rowsOf(
      live.map(({ i, shop }) => ({
        name: `会员${i + 1}`,
        phone: phoneOf(50_000 + i),
        gender: (i % 2) + 1,
        ageBand: AGE_BANDS[i % AGE_BANDS.length],
        level: (i % 5) + 1,
        points: (i * 37) % 2000,
        shopId: shop,
        joined: 1_690_000_000 + i * 3_600,
      })),
      (k) => outcomeOf(live[k].i + 9),
    ),
  );
  const devices = live.flatMap(({ i, shop }, k) =>
    [0, 1].map((d) => ({
      code: `VT-${String(i * 2 + d + 1).padStart(5, '0')}`,
      name: d === 0 ? '门口大屏' : '收银台小屏',
      type: d === 0 ? 'big' : 'pad',
      orientation: d === 0 ? 1 : 0,
      shopId: shop,
      etId: d === 0 ? etIds[k] : null,
      volume: 50,
      ai: d === 0 ? 1 : 0,
    })),
  );
  const deviceIds = await bulkImport(
    q,
    DEVICE,
    manager,
    sup,
    rowsOf(devices, () => 'enabled'),
  );
  // No status is written here: a device's status comes from its heartbeats only. With the demo,
  // simulated screens (src/sim) activate and report through the device API (SIMULATE=0: never connected).
  await queueCommands(
    q,
    sup,
    deviceIds.filter((_, n) => n % 7 === 0),
    'volume',
    { volume: 35 },
  );
  stats.shops += shopIds.length;
  stats.devices += deviceIds.length;
  stats.records += shopIds.length + live.length * 3 + deviceIds.length;
}

/**
 * The store managers of DISTRICTS[1…] (DISTRICT_MANAGERS), members of the enterprise with the manager
 * job and their district as data range, so each shop names the manager of its district (issue 25 §6:
 * not 李店长 on all 240). Users are found by phone when they exist (a test seeds several enterprises).
 */
async function districtManagers(deps: Deps, enterpriseId: number, passwordHash?: string): Promise<number[]> {
  const hash = passwordHash ?? (await deps.hasher.hash(randomUUID()));
  const ids: number[] = [];
  for (const [k, nickname] of DISTRICT_MANAGERS.entries()) {
    const phone = `13800000${101 + k}`;
    const user = await deps.db.tx({}, async (q) => {
      const [found] = await q.query<Row<'users', 'id'>>('select id from users where phone = $1', [phone]);
      return found ?? (await createUser(q, phone, hash, nickname));
    });
    await deps.db.tx({ enterpriseId }, async (q) => {
      const [head] = await q.query<Row<'departments', 'id'>>(
        'select id from departments where enterprise_id = $1 order by id limit 1',
        [enterpriseId],
      );
      const [job] = await q.query<Row<'jobs', 'id'>>('select id from jobs where enterprise_id = $1 and role = $2', [
        enterpriseId,
        ROLE.manager,
      ]);
      await addMember(q, { enterpriseId }, user.id, false);
      await addRoleEntry(
        q,
        { enterpriseId },
        {
          userId: user.id,
          deptId: head.id,
          jobId: job.id,
          range: { p: [], c: [], a: [DISTRICTS[k + 1]], s: [] },
        },
      );
    });
    ids.push(user.id);
  }
  return ids;
}

/**
 * Seed the demo enterprise's stores (idempotent: does nothing when it already has shops). Sets the
 * manager's data range to the first demo district (上海市黄浦区, 310101). Returns what it made.
 */
export async function seedDemoStores(deps: Deps, opts: DemoStoresOptions): Promise<DemoStoresResult> {
  const { enterpriseId } = opts;
  const stats: DemoStoresResult = { shops: 0, devices: 0, records: 0, managerDistrict: DISTRICTS[0] };
  const scope = { enterpriseId, userId: opts.supervisor.id };
  const [{ n }] = await deps.db.tx(scope, (q) =>
    q.query<{ n: number }>('select count(*)::int as n from shops where enterprise_id = $1', [enterpriseId]),
  );
  if (n > 0) return stats;
  const [manager, sup] = await deps.db.tx(scope, async (q) => [
    await ctxFor(q, enterpriseId, opts.manager, ROLE.manager),
    await ctxFor(q, enterpriseId, opts.supervisor, ROLE.supervisor),
  ]);
  const managers = [opts.manager.id, ...(await districtManagers(deps, enterpriseId, opts.passwordHash))];
  const total = opts.shops ?? 240;
  for (let start = 0; start < total; start += BATCH) {
    await tenantTx(deps.db, sup, async (q) => {
      await seedBatch(q, start, Math.min(total, start + BATCH), manager, managers, sup, stats);
    });
  }
  await deps.db.tx(scope, (q) =>
    q.query(`update role_entries set data_range = $3 where enterprise_id = $1 and id = $2`, [
      enterpriseId,
      manager.role.entryId,
      JSON.stringify({ p: [], c: [], a: [DISTRICTS[0]], s: [] }),
    ]),
  );
  return stats;
}
