import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ENTERPRISE_STATUS,
  userInfo,
  api as contract,
  type CallRoute,
  type Company,
  type RoleEntry,
} from '@vitrine/contract';
import { api } from '../api/routes';
import { call } from '../api/client';
import { reloadApp, toast } from '../api/feedback';
import { queryClient } from '../api/queryClient';
import { appStore } from '../state/app';
import { applyUserInfo, SINGLE_ROLE_PAUSE_MS } from './enterprise';

vi.mock('../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
vi.mock('../api/feedback', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/feedback')>();
  return { ...real, reloadApp: vi.fn(), toast: { ...real.toast, info: vi.fn(), warning: vi.fn(), error: vi.fn() } };
});

const company = (n: number, status: number): Company => ({
  companyId: n,
  companyCode: `E${n}`,
  title: `企业${n}`,
  logo: '',
  status,
  isMain: 0,
});
const role = (node: string): RoleEntry => ({
  deptId: 1,
  deptName: '总部',
  role: 2,
  roleName: '店长',
  roleNode: node,
  jobId: 1,
  jobName: '店长',
});
// the fakes answer through the calls' result schemas, so a contract change breaks them too
const info = (list: Company[]) =>
  userInfo.parse({ userId: 1, userName: '13800000000', nickname: '', avatar: '', isMain: 0, companyList: list });

describe('entering after login (spec §4, issue 8 §4)', () => {
  let roles: RoleEntry[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    queryClient.clear();
    vi.mocked(reloadApp).mockReset();
    vi.mocked(toast.info).mockReset();
    vi.mocked(call).mockReset();
    vi.mocked(call).mockImplementation(async (def: CallRoute) => {
      if (def === api.account.roles) return contract.account.roles.result.parse({ list: roles }) as never;
      throw new Error('unexpected call');
    });
  });
  afterEach(() => vi.useRealTimers());

  it('enters the only approved enterprise with its one role straight away', async () => {
    roles = [role('R1')];
    expect(applyUserInfo(info([company(1, ENTERPRISE_STATUS.approved), company(2, ENTERPRISE_STATUS.review)]))).toBe(
      'chooseEnterprise',
    );
    await vi.advanceTimersByTimeAsync(SINGLE_ROLE_PAUSE_MS);
    expect(vi.mocked(reloadApp)).toHaveBeenCalledWith('/home');
    expect(appStore.get().activeCom.companyCode).toBe('E1');
    expect(appStore.get().roleItem.roleNode).toBe('R1');
    expect(vi.mocked(toast.info)).toHaveBeenCalledWith('用户只有一个身份，直接跳转', 'single-role');
  });

  it('opens the enterprise with several roles on its role list', async () => {
    roles = [role('R1'), role('R2')];
    applyUserInfo(info([company(1, ENTERPRISE_STATUS.approved)]));
    await vi.advanceTimersByTimeAsync(SINGLE_ROLE_PAUSE_MS);
    expect(vi.mocked(reloadApp)).not.toHaveBeenCalled();
    expect(appStore.get()).toMatchObject({ roleFlag: 1, selectedCompany: { companyCode: 'E1' } });
  });

  it('keeps the chooser for several approved enterprises', async () => {
    roles = [role('R1')];
    applyUserInfo(info([company(1, ENTERPRISE_STATUS.approved), company(2, ENTERPRISE_STATUS.approved)]));
    await vi.advanceTimersByTimeAsync(SINGLE_ROLE_PAUSE_MS);
    expect(vi.mocked(reloadApp)).not.toHaveBeenCalled();
    expect(vi.mocked(call)).not.toHaveBeenCalled();
    expect(vi.mocked(toast.info)).toHaveBeenCalledWith('请选择企业', 'choose-enterprise');
  });
});
