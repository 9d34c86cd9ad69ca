import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { ALL_BITS, PERM, type CallRoute, type MenuItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { appStore } from '../../state/app';
import { byTestId, click, mount, settle } from '../../components/LifecycleTable/testUtils';
import { GettingStarted } from './GettingStarted';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const item = (id: number, path: string, weight: number): MenuItem => ({
  id,
  path,
  title: path,
  titleEn: path,
  icon: '',
  sort: id,
  level: 1,
  weight,
  pid: 0,
  children: [],
});
const menu = (store: number, advert = store): MenuItem[] => [item(1, '/store', store), item(2, '/advert', advert)];

/** How many rows each list answers; `plan-launched` is the enabled plans online (302). */
type Counts = Partial<
  Record<
    | 'shop'
    | 'shop-mine'
    | 'device'
    | 'device-mine'
    | 'content'
    | 'content-review'
    | 'plan'
    | 'plan-launched'
    | 'plan-mine'
    | 'members',
    number
  >
>;
const NAMES: [CallRoute, string][] = [
  [api.shop.enableList, 'shop'],
  [api.shop.myList, 'shop-mine'],
  [api.shop.applyList, 'shop-review'],
  [api.device.enableList, 'device'],
  [api.device.myList, 'device-mine'],
  [api.device.applyList, 'device-review'],
  [api['ad-content'].enableList, 'content'],
  [api['ad-content'].myList, 'content-mine'],
  [api['ad-content'].applyList, 'content-review'],
  [api['ad-plan'].enableList, 'plan'],
  [api['ad-plan'].myList, 'plan-mine'],
  [api['ad-plan'].applyList, 'plan-review'],
  [api.company.accounts, 'members'],
];

const stateOf = (root: ParentNode, step: string) => byTestId(root, `start-step-${step}`)?.getAttribute('data-state');

describe('getting started on /home (issue 8 §4, issue 25 §1)', () => {
  let view: ReturnType<typeof mount>;
  let counts: Counts = {};
  const Where = () => <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;
  const show = async () => {
    await view.render(
      <>
        <GettingStarted />
        <Where />
      </>,
    );
    await settle();
  };

  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async (def: CallRoute, body?: unknown) => {
      let name = NAMES.find(([d]) => d === def)?.[1];
      if (!name) throw new Error(`unexpected call ${def.path}`);
      if (name === 'plan' && (body as { status?: number }).status === 302) name = 'plan-launched';
      return { list: [], total: counts[name as keyof Counts] ?? 0, pageNum: 1, pageSize: 1 } as never;
    });
    appStore.set({ authList: menu(ALL_BITS), mainFlag: 1 });
    view = mount();
  });
  afterEach(() => view.unmount());

  it('a new enterprise: every step to do, the first one leading to where a shop is created', async () => {
    counts = { members: 1 };
    await show();
    await vi.waitFor(() => expect(byTestId(view.container, 'home-getting-started')).not.toBeNull());
    expect(['shop', 'device', 'content', 'plan', 'staff'].map((s) => stateOf(view.container, s))).toEqual([
      'todo',
      'todo',
      'todo',
      'todo',
      'todo',
    ]);
    expect(byTestId(view.container, 'start-progress')?.textContent).toBe('已完成 0/5');
    expect(byTestId(view.container, 'start-alone')?.textContent).toContain('自审通过');
    await click(byTestId(view.container, 'start-shop'));
    expect(byTestId(view.container, 'where')?.textContent).toBe('/store/store');
  });

  it('reads each step from the lists: a draft to submit, a content in review, a plan to launch', async () => {
    counts = { shop: 1, device: 0, 'device-mine': 1, content: 0, 'content-review': 1, plan: 1, members: 2 };
    await show();
    await vi.waitFor(() => expect(byTestId(view.container, 'home-getting-started')).not.toBeNull());
    expect(['shop', 'device', 'content', 'plan', 'staff'].map((s) => stateOf(view.container, s))).toEqual([
      'done',
      'draft',
      'review',
      'launch',
      'done',
    ]);
    expect(byTestId(view.container, 'home-getting-started')?.textContent).toContain('设备草稿已保存');
    await click(byTestId(view.container, 'start-plan'));
    expect(byTestId(view.container, 'where')?.textContent).toBe('/advert?entity=ad-plan&tab=enabled');
    await click(byTestId(view.container, 'start-device'));
    expect(byTestId(view.container, 'where')?.textContent).toBe('/store/store?entity=device&tab=mine');
  });

  it('gone once a shop, a device, a content and a launched plan exist, staff or not', async () => {
    counts = { shop: 2, device: 1, content: 1, plan: 1, 'plan-launched': 1, members: 1 };
    await show();
    // every step was answered (four lists and the members) before judging the absence
    await vi.waitFor(() => expect(mocked).toHaveBeenCalledTimes(5));
    await settle();
    expect(byTestId(view.container, 'home-getting-started')).toBeNull();
  });

  it('only the steps the role can take: a store manager without /advert create, not the staff', async () => {
    counts = {};
    appStore.set({ authList: menu(ALL_BITS, PERM.view), mainFlag: 0 });
    await show();
    await vi.waitFor(() => expect(byTestId(view.container, 'home-getting-started')).not.toBeNull());
    expect(byTestId(view.container, 'start-step-content')).toBeNull();
    expect(byTestId(view.container, 'start-step-staff')).toBeNull();
    expect(byTestId(view.container, 'start-alone')).toBeNull();
    expect(mocked.mock.calls.map(([d]) => d.path)).not.toContain('company/accounts');
  });

  it('is not shown to someone who cannot create shops', async () => {
    counts = {};
    appStore.set({ authList: menu(PERM.view), mainFlag: 0 });
    await show();
    expect(byTestId(view.container, 'home-getting-started')).toBeNull();
    expect(mocked).not.toHaveBeenCalled();
  });
});
