import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTERPRISE_STATUS } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { appStore, initialAppState } from '../../state/app';
import { logout, saveLogin } from '../../state/session';
import { removeStored, writeStored } from '../../state/storage';
import { prefetchBoot } from './useConsoleBoot';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const company = { companyCode: 'ABC123', title: '维特琳', status: ENTERPRISE_STATUS.approved, isMain: 1 };
const role = { roleNode: 'hq-1', role: 1, deptName: '总部' };

/** account/info held until `release`; the paths asked for meanwhile. */
function holdInfo() {
  let release = () => undefined as void;
  const asked: string[] = [];
  mocked.mockImplementation(async (def) => {
    asked.push(def.path);
    if (def === api.account.info) {
      await new Promise<void>((r) => (release = r));
      return { companyList: [company], userName: '13800000001', nickname: '王督导' } as never;
    }
    if (def === api.account.menu)
      return { menuInfo: [{ id: 1, path: '/home/home' }], userInfo: { isMain: 1 } } as never;
    return {} as never;
  });
  return { asked, release: () => release() };
}

describe('prefetchBoot: opening the console on /home (issue 25 §7)', () => {
  afterEach(() => {
    logout();
    removeStored('activeCom');
    removeStored('roleItem');
    queryClient.clear();
    appStore.set(initialAppState());
    mocked.mockReset();
  });

  it('asks for the menu and the figures beside account/info with the enterprise and role of the last visit', async () => {
    saveLogin({ token: 'tok', userId: 7, userName: '13800000001', nickName: '王督导' });
    writeStored('activeCom', company as never);
    writeStored('roleItem', role as never);
    const { asked, release } = holdInfo();
    const boot = prefetchBoot('/home/home');
    await vi.waitFor(() => expect(asked).toEqual(['account/menu', 'stats/home', 'account/info']));
    release();
    await boot;
    // account/info kept them: nothing asked twice
    expect(appStore.get()).toMatchObject({ activeCom: { companyCode: 'ABC123' }, roleItem: { roleNode: 'hq-1' } });
    expect(asked).toEqual(['account/menu', 'stats/home', 'account/info']);
  });

  it('with nothing stored, waits for account/info', async () => {
    saveLogin({ token: 'tok', userId: 7, userName: '13800000001', nickName: '王督导' });
    const { asked, release } = holdInfo();
    const boot = prefetchBoot('/home/home');
    await vi.waitFor(() => expect(asked).toEqual(['account/info']));
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual(['account/info']);
    release();
    await boot;
    // no role chosen yet: the role chooser's flow follows (account/roles), not the menu or the figures
    expect(asked).not.toContain('stats/home');
  });
});
