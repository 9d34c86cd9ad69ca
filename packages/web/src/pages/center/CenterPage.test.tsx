import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { byTestId, cleanup, fakeCall, RAW_KEY, renderPage, type Handlers } from '../enterprise/testUtils';
import CenterPage from './CenterPage';
import CenterEditorPage from './CenterEditorPage';
import { maskPhone } from './mask';

const calls: { path: string; body: unknown }[] = [];
const handlers: Handlers = {};
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/client')>();
  return { ...real, call: vi.fn((def: never, body?: unknown) => fakeCall(handlers, calls)(def, body)) };
});

const company = { companyId: 1, companyCode: 'VT0001', title: '示例零售', logo: '', status: 1, isMain: 1 };
const review = { ...company, companyId: 2, companyCode: 'VT0002', title: '审核中企业', status: 0, isMain: 0 };

beforeEach(() => {
  calls.length = 0;
  Object.assign(handlers, {
    'account/info': () => ({
      userId: 1,
      userName: '13800000001',
      nickname: '王总',
      avatar: '',
      isMain: 1,
      companyList: [company, review],
    }),
    'account/roles': () => ({
      list: [{ deptId: 1, deptName: '总部', role: 3, roleName: '督导', roleNode: 'r1', jobId: 5, jobName: '督导' }],
    }),
    'account/logins': () => ({
      list: [
        {
          id: 1,
          ctime: 1_700_000_000,
          lastSeen: 1_700_000_100,
          ip: '127.0.0.1',
          source: 'pc',
          current: true,
          active: true,
        },
      ],
    }),
  });
});
afterEach(cleanup);

describe.each(['zh-CN', 'en-US'])('/center in %s', (lng) => {
  it('center shows the masked phone, enterprises with roles, logins', async () => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<CenterPage />, '/center/center');
    expect(byTestId('center-phone')?.textContent).toBe('138****0001');
    expect(byTestId('center-ent-VT0001')?.textContent).toContain('总部');
    expect(byTestId('center-ent-VT0002')).not.toBeNull();
    expect(byTestId('center-logins')?.textContent).toContain('127.0.0.1');
    expect(el.textContent).not.toMatch(RAW_KEY);
    // Roles are asked only for the enterprise that can be entered.
    expect(calls.filter((c) => c.path === 'account/roles')).toEqual([
      { path: 'account/roles', body: { enCode: 'VT0001' } },
    ]);
  });

  it('centerEditor shows the three forms', async () => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<CenterEditorPage />, '/center/centerEditor');
    for (const id of ['editor-profile', 'editor-password', 'editor-phone', 'editor-nickname', 'editor-phone-send-code'])
      expect(byTestId(id), id).not.toBeNull();
    expect((byTestId('editor-nickname') as HTMLInputElement).value).toBe('王总');
    expect(el.textContent).not.toMatch(RAW_KEY);
  });
});

it('masks phones', () => {
  expect(maskPhone('13800000001')).toBe('138****0001');
  expect(maskPhone('abc')).toBe('abc');
});
