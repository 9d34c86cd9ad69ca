import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { mount } from '../../components/LifecycleTable/testUtils';
import { HeaderSearch } from './HeaderSearch';
import { SEARCH_DEBOUNCE_MS } from './SearchBox';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const GROUPS = {
  groups: [
    {
      kind: 'shop',
      total: 1,
      items: [
        {
          id: 7,
          title: '南山旗舰店',
          subtitle: 'S001 · 南山大道 1 号',
          status: 302,
          page: '/store/store?entity=shop&tab=enabled&record=7',
        },
      ],
    },
    {
      kind: 'device',
      total: 12,
      items: [
        {
          id: 3,
          title: '南山入口屏',
          subtitle: 'D003 · 南山旗舰店',
          status: 302,
          page: '/store/store?entity=device&tab=enabled&record=3',
        },
        {
          id: 4,
          title: '南山收银屏',
          subtitle: 'D004 · 南山旗舰店',
          status: 301,
          page: '/store/store?entity=device&tab=enabled&record=4',
        },
      ],
    },
    { kind: 'commodity', total: 0, items: [] },
  ],
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; document: ${document.body.textContent}`);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}

const input = () => document.querySelector<HTMLInputElement>('[data-testid="header-search-input"]')!;

async function type(value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function key(code: number, name: string) {
  await act(async () => {
    const e = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
    Object.defineProperty(e, 'keyCode', { value: code });
    Object.defineProperty(e, 'which', { value: code });
    input().dispatchEvent(e);
  });
}

/** The plain field, focused: the box loads and takes its place. */
async function open() {
  await act(async () => input().focus());
  await act(async () => input().dispatchEvent(new FocusEvent('focus', { bubbles: false })));
  await until(() => !!document.querySelector('.ant-select [data-testid="header-search-input"]'));
  await act(async () => input().focus());
}

describe('HeaderSearch', () => {
  let view: ReturnType<typeof mount>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async () => GROUPS as never);
    view = mount();
  });
  afterEach(() => view.unmount());

  it('starts as a plain field: no dropdown code and no call until it is used', async () => {
    await view.render(<HeaderSearch />);
    expect(input().placeholder).toBe('搜索门店、设备、员工、广告、商品');
    expect(document.querySelector('.ant-select')).toBeNull();
    expect(mocked).not.toHaveBeenCalled();
  });

  it('debounces typing into one search and shows the hits grouped by kind, in the user’s language', async () => {
    await view.render(<HeaderSearch />);
    await open();
    // the pause between keys is the clock's, not the machine's: a loaded CI box once took longer
    // than the debounce between two act() calls and sent two searches
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await type('南');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
      });
      await type('南山');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
      });
      expect(mocked).not.toHaveBeenCalled();
      expect(document.querySelector('[data-testid="search-loading"]')).not.toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      // what the settled keyword scheduled (the query's own timers) runs on the same clock
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    await until(() => !!document.querySelector('[data-testid="search-group-device"]'));
    expect(mocked).toHaveBeenCalledTimes(1);
    expect(mocked).toHaveBeenCalledWith(api.search.search, { keyword: '南山' });
    expect(document.querySelector('[data-testid="search-group-shop"]')?.textContent).toBe('门店共 1 条');
    expect(document.querySelector('[data-testid="search-group-device"]')?.textContent).toBe('设备共 12 条');
    // a kind without hits is not shown; an offline record says so
    expect(document.querySelector('[data-testid="search-group-commodity"]')).toBeNull();
    expect(document.querySelector('[data-testid="search-hit-4"]')?.textContent).toContain('已下线');

    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(document.querySelector('[data-testid="search-group-device"]')?.textContent).toBe('Devices12 in all');
  });

  it('shows an empty state when nothing matches', async () => {
    mocked.mockImplementation(async () => ({ groups: [{ kind: 'shop', total: 0, items: [] }] }) as never);
    await view.render(<HeaderSearch />);
    await open();
    await type('无此记录');
    await until(() => !!document.querySelector('[data-testid="search-empty"]'));
    expect(document.querySelector('[data-testid="search-empty"]')?.textContent).toBe('没有找到与“无此记录”相关的记录');
  });

  it('moves through the hits with the arrow keys and opens the chosen one’s record with Enter', async () => {
    await view.render(
      <>
        <HeaderSearch />
        <Where />
      </>,
      '/home',
    );
    await open();
    await type('南山');
    await until(() => !!document.querySelector('[data-testid="search-hit-3"]'));
    await key(40, 'ArrowDown'); // from the first hit (the shop) to the first device
    await key(13, 'Enter');
    await until(() => document.querySelector('[data-testid="where"]')?.textContent !== '/home');
    expect(document.querySelector('[data-testid="where"]')?.textContent).toBe(
      '/store/store?entity=device&tab=enabled&record=3',
    );
    expect(input().value).toBe('');
    expect(document.querySelector('.ant-select-open')).toBeNull();
  });

  it('ends a kind with more matches than it shows by a line that opens the kind’s list filtered by the keyword', async () => {
    await view.render(
      <>
        <HeaderSearch />
        <Where />
      </>,
      '/home',
    );
    await open();
    await type('南山');
    await until(() => !!document.querySelector('[data-testid="search-all-device"]'));
    expect(document.querySelector('[data-testid="search-all-device"]')?.textContent).toBe('查看全部 12 条 →');
    // the shop's one match is all there is: no such line
    expect(document.querySelector('[data-testid="search-all-shop"]')).toBeNull();
    await key(40, 'ArrowDown');
    await key(40, 'ArrowDown');
    await key(40, 'ArrowDown'); // shop, device 3, device 4, then the devices' "all" line
    await key(13, 'Enter');
    await until(() => document.querySelector('[data-testid="where"]')?.textContent !== '/home');
    expect(document.querySelector('[data-testid="where"]')?.textContent).toBe(
      '/store/store?entity=device&tab=enabled&keyword=%E5%8D%97%E5%B1%B1',
    );
  });
});
