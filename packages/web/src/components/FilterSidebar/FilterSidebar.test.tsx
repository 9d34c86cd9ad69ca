import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { byTestId, click, mount, settle } from '../LifecycleTable/testUtils';
import { FilterSidebar } from './FilterSidebar';
import { useFilteredList } from './useFilteredList';
import { useUrlFilter } from './useUrlFilter';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

function Probe() {
  const location = useLocation();
  const { filter, pageNum } = useUrlFilter();
  const list = useFilteredList({ entity: 'shop', filter, pageNum });
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="total">{list.data?.total ?? ''}</output>
    </>
  );
}

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('FilterSidebar', () => {
  let view: ReturnType<typeof mount>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async () => ({ list: [], total: 4, pageNum: 1, pageSize: 10 }) as never);
    view = mount();
  });
  afterEach(() => view.unmount());

  it('shows only the groups the page supplies, and reads the filter from the URL', async () => {
    await view.render(
      <>
        <FilterSidebar groups={['shopLevel', 'gender']} />
        <Probe />
      </>,
      '/store/store?level=2&keyword=%E5%BA%97&tab=review',
    );
    await settle();
    const text = view.container.textContent ?? '';
    expect(text).toContain('门店等级');
    expect(text).toContain('性别');
    expect(text).not.toContain('设备类型');
    expect(
      byTestId(view.container, 'filter-keyword')?.querySelector('input')?.value ??
        (byTestId(view.container, 'filter-keyword') as HTMLInputElement).value,
    ).toBe('店');
    expect(
      view.container.querySelector('[data-testid="filter-shopLevel"] .ant-radio-wrapper-checked')?.textContent,
    ).toBe('B');
  });

  it('applies the draft to the URL with the Filter button and keeps page-owned params', async () => {
    await view.render(
      <>
        <FilterSidebar groups={['gender']} />
        <Probe />
      </>,
      '/store/store?tab=review&pageNum=3',
    );
    await settle();
    const input = view.container.querySelector<HTMLInputElement>(
      '[data-testid="filter-keyword"] input, input[data-testid="filter-keyword"]',
    );
    await act(async () => typeInto(input as HTMLInputElement, '徐汇'));
    const female = Array.from(
      view.container.querySelectorAll<HTMLInputElement>('[data-testid="filter-gender"] input'),
    ).find((i) => i.value === '2');
    await click(female);
    await click(byTestId(view.container, 'filter-apply'));
    const search = new URLSearchParams(byTestId(view.container, 'search')?.textContent ?? '');
    expect(search.get('keyword')).toBe('徐汇');
    expect(search.get('gender')).toBe('2');
    expect(search.get('tab')).toBe('review');
    expect(search.has('pageNum')).toBe(false);
  });

  it('falls back to the generic search/list call when the page has no list call', async () => {
    await view.render(<Probe />, '/store/store?status=302&pageNum=2');
    await settle();
    expect(mocked).toHaveBeenCalledWith(api.search.list, { kind: 'shop', status: 302, pageNum: 2, pageSize: 10 });
    expect(byTestId(view.container, 'total')?.textContent).toBe('4');
  });
});
