import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_BITS, PERM, api as contract, type CallRoute, type MenuItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { appStore } from '../../state/app';
import { byTestId, mount, settle } from '../../components/LifecycleTable/testUtils';
import { GettingStarted } from './GettingStarted';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const menu = (weight: number): MenuItem[] => [{ id: 1, path: '/store', title: '门店管理', titleEn: 'Stores', icon: '', sort: 1, level: 1, weight, pid: 0, children: [] }];
const page = (total: number) => contract.shop.enableList.result.parse({ list: [], total, pageNum: 1, pageSize: 1 });

describe('getting started on /home (issue 8 §4)', () => {
  let view: ReturnType<typeof mount>;
  let counts: Record<string, number> = {};
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async (def: CallRoute) => {
      const name = Object.entries({ shopEnabled: api.shop.enableList, shopMine: api.shop.myList, deviceEnabled: api.device.enableList, deviceMine: api.device.myList })
        .find(([, d]) => d === def)?.[0];
      if (!name) throw new Error('unexpected call');
      return page(counts[name] ?? 0) as never;
    });
    appStore.set({ authList: menu(ALL_BITS), mainFlag: 1 });
    view = mount();
  });
  afterEach(() => view.unmount());

  it('a new enterprise is told to create a shop first', async () => {
    counts = {};
    await view.render(<GettingStarted />);
    await settle();
    // the steps load on demand (their own chunk)
    await vi.waitFor(() => expect(byTestId(view.container, 'home-getting-started')).not.toBeNull());
    expect(byTestId(view.container, 'home-getting-started')?.textContent).toContain('创建门店');
    expect(byTestId(view.container, 'start-shop')).not.toBeNull();
    expect(byTestId(view.container, 'start-device')).toBeNull();
    expect(byTestId(view.container, 'start-staff')).not.toBeNull();
  });

  it('with a shop (even a draft) the next step is its devices; with both, the guide is gone', async () => {
    counts = { shopMine: 1 };
    await view.render(<GettingStarted />);
    await settle();
    await vi.waitFor(() => expect(byTestId(view.container, 'start-device')).not.toBeNull());
    view.unmount();
    counts = { shopEnabled: 2, deviceEnabled: 1 };
    view = mount();
    await view.render(<GettingStarted />);
    await settle();
    expect(byTestId(view.container, 'home-getting-started')).toBeNull();
  });

  it('is not shown to someone who cannot create shops', async () => {
    counts = {};
    appStore.set({ authList: menu(PERM.view), mainFlag: 0 });
    await view.render(<GettingStarted />);
    await settle();
    expect(byTestId(view.container, 'home-getting-started')).toBeNull();
    expect(mocked).not.toHaveBeenCalled();
  });
});
