import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { appStore } from '../../state/app';
import { byTestId, cleanup, click, fakeCall, RAW_KEY, renderPage, settle, type Handlers } from './testUtils';
import EnterprisePage, { ENTERPRISE_TABS } from './EnterprisePage';

const calls: { path: string; body: unknown }[] = [];
const handlers: Handlers = {};
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/client')>();
  return { ...real, call: vi.fn((def: never, body?: unknown) => fakeCall(handlers, calls)(def, body)) };
});

const company = { companyId: 1, companyCode: 'VT0001', title: '示例零售', logo: '', status: 1, isMain: 1 };
const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });
const dept = {
  id: 1,
  pid: 0,
  name: '总部',
  sort: 0,
  memberCount: 2,
  children: [{ id: 2, pid: 1, name: '华东区', sort: 0, memberCount: 0, children: [] }],
};
const job = { id: 5, name: '督导', role: 3, roleName: '督导', memberCount: 1 };
const roleMenu = {
  menuId: 9,
  pid: 0,
  path: '/store',
  title: '门店信息',
  titleEn: 'Stores',
  icon: '',
  sort: 0,
  level: 1,
  weight: 5,
  bits: [1, 4],
  children: [],
};
const member = {
  userId: 7,
  phone: '138****0002',
  nickname: '小李',
  avatar: '',
  isMain: 0,
  status: 1,
  joined: 1_700_000_000,
  depts: ['总部'],
  jobs: ['督导'],
  roles: [
    {
      entryId: 11,
      deptId: 1,
      deptName: '总部',
      role: 3,
      roleName: '督导',
      roleNode: 'r11',
      jobId: 5,
      jobName: '督导',
      range: null,
    },
  ],
};

function serve() {
  Object.assign(handlers, {
    'company/info': () => ({ ...company, reviewPolicy: 0, cameraMark: 0 }),
    'dept/list': () => ({ list: [dept] }),
    'dept/employees': () =>
      page([
        {
          userId: 7,
          phone: '138****0002',
          nickname: '小李',
          isMain: 0,
          jobs: [{ entryId: 11, jobId: 5, jobName: '督导', role: 3, roleName: '督导' }],
        },
      ]),
    'dept/delete': () => {
      throw Object.assign(new Error('部门下还有成员，无法删除'), { ret: 40009, handled: false });
    },
    'job/list': () => ({ list: [job] }),
    'permission/list': () => ({
      list: [
        {
          id: 9,
          pid: 0,
          path: '/store',
          title: '门店信息',
          titleEn: 'Stores',
          icon: 'shop',
          sort: 0,
          level: 1,
          mainOnly: false,
          children: [],
        },
      ],
    }),
    'permission/role-menus': () => ({ jobId: 5, list: [roleMenu] }),
    'permission/set-role-menus': (b: Record<string, unknown>) => ({
      jobId: 5,
      list: [{ ...roleMenu, weight: (b.menus as { weight: number }[])[0].weight }],
    }),
    'company/accounts': () => page([member]),
    'company/applies': () =>
      page([
        {
          id: 3,
          userId: 8,
          phone: '139****0003',
          nickname: '小张',
          status: 201,
          reason: '',
          reviewer: '',
          ctime: 1_700_000_000,
          rtime: null,
        },
      ]),
    'company/invite': () => ({ token: 'tok', link: '/inlog?invite=tok', expires: 1_800_000_000 }),
    'oplog/list': () =>
      page([
        {
          id: 1,
          time: 1_700_000_000,
          operatorId: 1,
          operator: '王总',
          role: 3,
          roleName: '督导',
          verb: 'create',
          entity: 'dept',
          entityId: '2',
          label: '华东区',
          summary: { before: null, after: { name: '华东区' } },
          source: 'pc',
        },
      ]),
  });
}

beforeEach(() => {
  calls.length = 0;
  for (const k of Object.keys(handlers)) delete handlers[k];
  serve();
  appStore.set({ mainFlag: 1, activeCom: company });
});
afterEach(cleanup);

describe.each(['zh-CN', 'en-US'])('/enterprise in %s', (lng) => {
  it.each(ENTERPRISE_TABS)('tab %s renders without raw keys', async (tab) => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<EnterprisePage />, `/enterprise?tab=${tab}`);
    await settle(60);
    expect(byTestId('enterprise-page')).not.toBeNull();
    expect(el.textContent).not.toMatch(RAW_KEY);
  });

  it('refuses a member who is not main admin (暂无权限)', async () => {
    await i18n.changeLanguage(lng);
    appStore.set({ mainFlag: 0 });
    const el = await renderPage(<EnterprisePage />, '/enterprise');
    expect(byTestId('enterprise-denied')).not.toBeNull();
    if (lng === 'zh-CN') expect(el.textContent).toContain('暂无权限');
    expect(calls).toHaveLength(0);
  });
});

describe('/enterprise behaviour', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));

  it('shows the enterprise code and the members with their role entries', async () => {
    await renderPage(<EnterprisePage />, '/enterprise');
    expect(byTestId('ent-info-code')?.textContent).toBe('VT0001');
    cleanup();
    const el = await renderPage(<EnterprisePage />, '/enterprise?tab=members');
    expect(el.textContent).toContain('小李');
    expect(el.textContent).toContain('全企业');
    expect(calls.find((c) => c.path === 'company/accounts')?.body).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('saves a job permission edit as the encoded weight', async () => {
    await renderPage(<EnterprisePage />, '/enterprise?tab=permissions');
    await settle(60);
    const box = byTestId('perm-9-delete')?.querySelector('input') ?? byTestId('perm-9-delete');
    await click(box);
    await click(byTestId('perm-save'));
    const saved = calls.find((c) => c.path === 'permission/set-role-menus');
    expect(saved?.body).toEqual({ jobId: 5, menus: [{ menuId: 9, weight: 13 }] });
  });

  it('makes an invitation link with a copy button', async () => {
    await renderPage(<EnterprisePage />, '/enterprise?tab=invites');
    await click(byTestId('invite-create'));
    await settle(60);
    expect(byTestId('invite-link')?.textContent).toContain('/inlog?invite=tok');
  });
});

describe.each([
  ['zh-CN', '部门「华东区」', '新建', '名称'],
  ['en-US', 'Department “华东区”', 'Create', 'Name'],
])('/enterprise?tab=oplog in %s', (lng, object, verb, field) => {
  it('names the record, translates the verb and shows the change field by field', async () => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<EnterprisePage />, '/enterprise?tab=oplog');
    await vi.waitFor(() => expect(el.textContent).toContain(object));
    expect(el.textContent).toContain(verb);
    expect(el.textContent).not.toContain('#2');
    await click(el.querySelector('.ant-table-row-expand-icon'));
    await vi.waitFor(() => expect(byTestId('op-changes')?.textContent).toContain(field));
    expect(byTestId('op-changes')?.textContent).toContain('华东区');
    expect(byTestId('op-changes')?.textContent).not.toContain('{');
  });
});
