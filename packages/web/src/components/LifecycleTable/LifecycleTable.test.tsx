import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { ALL_BITS, api as contract, decodeWeight, PERM, RET, type CallRoute } from '@vitrine/contract';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { ApiError, call } from '../../api/client';
import { appStore } from '../../state/app';
import { LifecycleTable } from './LifecycleTable';
import { formFields } from './formFields';
import type { EntityConfig, LifecycleRow } from './types';
import { byTestId, click, mount, settle } from './testUtils';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

type Row = LifecycleRow & { name: string; level: number };
const base: Omit<Row, 'id' | 'name' | 'status'> = {
  version: 1,
  liveVersion: null,
  applyStatus: null,
  online: 301,
  deleted: 0,
  draftDeleted: 0,
  authorId: 2,
  authorName: '李店长',
  reviewerId: null,
  reviewerName: '',
  reason: '',
  ctime: 1_760_000_000,
  mtime: 1_760_000_000,
  submitTime: null,
  reviewTime: null,
  level: 1,
};
const rows: Row[] = [
  { ...base, id: 11, name: '徐汇店', status: 101 },
  { ...base, id: 12, name: '静安店', status: 104, reason: '地址不完整' },
];

const config: EntityConfig<Row> = {
  entity: 'shop',
  label: 'store:entity.shop',
  calls: api.shop,
  titleOf: (r) => r.name,
  columns: [
    { key: 'name', title: 'store:field.name' },
    {
      key: 'level',
      title: 'store:field.level',
      kind: 'enum',
      valueEnum: { 1: { text: 'A' }, 2: { text: 'B' }, 3: { text: 'C' } },
    },
  ],
  fields: formFields(contract.shop.create.body, [{ name: 'name', label: 'store:field.name', kind: 'text' }]),
};

function answer(def: CallRoute): unknown {
  if (def === api.shop.applyList)
    return { list: rows.map((r) => ({ ...r, status: 102, applyStatus: 201 })), total: 2, pageNum: 1, pageSize: 10 };
  if (def === api.shop.myList || def === api.shop.enableList) return { list: rows, total: 2, pageNum: 1, pageSize: 10 };
  return rows[0];
}

describe('LifecycleTable', () => {
  let view: ReturnType<typeof mount>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async (def) => answer(def) as never);
    view = mount();
  });
  afterEach(() => view.unmount());

  it('lists my drafts with status tags, the declared columns and allowed actions', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{ keyword: '店' }} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    const text = view.container.textContent ?? '';
    expect(text).toContain('徐汇店');
    expect(text).toContain('草稿');
    expect(text).toContain('已驳回');
    expect(text).toContain('A');
    expect(mocked).toHaveBeenCalledWith(
      api.shop.myList,
      expect.objectContaining({ keyword: '店', pageNum: 1, pageSize: 10 }),
    );
    expect(byTestId(view.container, 'row-edit-11')).not.toBeNull();
    expect(byTestId(view.container, 'row-submit-11')).not.toBeNull();
    expect(byTestId(view.container, 'tab-review')).not.toBeNull();
  });

  it('submits a draft with the apply call', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    await click(byTestId(view.container, 'row-submit-11'));
    expect(mocked).toHaveBeenCalledWith(api.shop.apply, { id: 11 });
  });

  it('says when a submission was approved at once (nobody else may review it)', async () => {
    mocked.mockImplementation(
      async (def) =>
        (def === api.shop.apply ? { ...rows[0], status: 103, applyStatus: 202, liveVersion: 1 } : answer(def)) as never,
    );
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    await click(byTestId(view.container, 'row-submit-11'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('已提交并通过'));
  });

  it('a refusal naming its fix offers the page to the main admin, the message alone to others (issue 25)', async () => {
    const refused = new ApiError(
      '没有可以审核该记录的成员：请企业管理员……',
      RET.conflict,
      undefined,
      false,
      '/enterprise?tab=permissions',
    );
    mocked.mockImplementation(async (def) => {
      if (def === api.shop.apply) throw refused;
      return answer(def) as never;
    });
    const Where = () => <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;
    appStore.set({ mainFlag: 0 });
    await view.render(
      <>
        <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />
        <Where />
      </>,
      '/store/store?tab=mine',
    );
    await settle();
    await click(byTestId(view.container, 'row-submit-11'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('没有可以审核该记录的成员'));
    expect(byTestId(document.body, 'error-fix')).toBeNull();
    appStore.set({ mainFlag: 1 });
    await click(byTestId(view.container, 'row-submit-11'));
    await vi.waitFor(() => expect(byTestId(document.body, 'error-fix')).not.toBeNull());
    expect(byTestId(document.body, 'error-fix')?.textContent?.replace(/\s/g, '')).toBe('去设置');
    await click(byTestId(document.body, 'error-fix'));
    expect(byTestId(view.container, 'where')?.textContent).toBe('/enterprise?tab=permissions');
  }, 15_000); // two refusals and a navigation: past the default 5 s on a loaded machine

  it('hides what the bits do not allow (a store manager: no review tab, no examine)', async () => {
    const manager = decodeWeight(PERM.view | PERM.create | PERM.update | PERM.delete | PERM.submit);
    await view.render(<LifecycleTable config={config} filter={{}} bits={manager} />, '/store/store?tab=review');
    await settle();
    expect(byTestId(view.container, 'tab-review')).toBeNull();
    expect(mocked).toHaveBeenCalledWith(api.shop.enableList, expect.anything());
    expect(byTestId(view.container, 'row-online-11')).toBeNull();
  });

  it('passes a record from the review tab (examine, pass 1)', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=review',
    );
    await settle();
    expect(mocked).toHaveBeenCalledWith(api.shop.applyList, expect.anything());
    await click(byTestId(view.container, 'row-pass-11'));
    // approving asks first (issue 25 §4): nothing is sent before the answer
    expect(mocked).not.toHaveBeenCalledWith(api.shop.examine, expect.anything());
    expect(document.body.textContent).toContain('通过「徐汇店」？');
    await click(byTestId(document.body, 'confirm-ok'));
    await vi.waitFor(() => expect(mocked).toHaveBeenCalledWith(api.shop.examine, { id: 11, pass: 1 }));
  });

  it('asks before a changed form is thrown away, and closes an untouched one at once', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    await click(byTestId(view.container, 'create'));
    await click(byTestId(document.body, 'form-cancel'));
    await settle();
    expect(document.body.textContent).not.toContain('放弃未保存的修改？');
    await click(byTestId(view.container, 'create'));
    const input = document.body.querySelector<HTMLInputElement>('.ant-drawer-open input#name');
    if (!input) throw new Error('no name input');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '半成品');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(byTestId(document.body, 'form-cancel'));
    expect(document.body.textContent).toContain('放弃未保存的修改？');
    expect(document.body.querySelector('.ant-drawer-open input#name')).not.toBeNull();
    await click(byTestId(document.body, 'discard-ok'));
    await vi.waitFor(() => expect(document.body.querySelector('.ant-drawer-open input#name')).toBeNull());
  });

  it('shows the rejection reason in the row itself', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    expect(byTestId(view.container, 'reason-12')?.textContent).toBe('地址不完整');
  });

  it('pages by the size in the address (10, 20, 50 or 100; anything else is 10)', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine&pageSize=50',
    );
    await settle();
    expect(mocked).toHaveBeenCalledWith(api.shop.myList, expect.objectContaining({ pageNum: 1, pageSize: 50 }));
    view.unmount();
    mocked.mockClear();
    view = mount();
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine&pageSize=7',
    );
    await settle();
    expect(mocked).toHaveBeenCalledWith(api.shop.myList, expect.objectContaining({ pageSize: 10 }));
  });

  it('hides a column from the column settings, and remembers it', async () => {
    localStorage.removeItem('vitrine.columns.v2.shop');
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=mine',
    );
    await settle();
    const headers = () => [...view.container.querySelectorAll('th')].map((th) => th.textContent ?? '');
    expect(headers()).toContain('门店等级');
    await click(byTestId(view.container, 'column-settings-button'));
    const toggle = byTestId(document.body, 'column-toggle-level');
    await click(toggle?.tagName === 'INPUT' ? toggle : toggle?.querySelector('input'));
    expect(headers()).not.toContain('门店等级');
    expect(JSON.parse(localStorage.getItem('vitrine.columns.v2.shop') ?? '[]')).toEqual(['level']);
    localStorage.removeItem('vitrine.columns.v2.shop');
  });

  it("reads a detail column, the author and the last change in the row's details, not as columns (issue 25 §3)", async () => {
    localStorage.removeItem('vitrine.columns.v2.shop');
    const detailed: EntityConfig<Row> = {
      ...config,
      columns: [config.columns[0], { ...config.columns[1], detail: true }],
    };
    await view.render(
      <LifecycleTable config={detailed} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=enabled',
    );
    await settle();
    const headers = () => [...view.container.querySelectorAll('th')].map((th) => th.textContent ?? '');
    expect(headers()).toContain('名称');
    expect(headers()).not.toContain('门店等级');
    expect(headers()).not.toContain('提交人');
    await click(byTestId(view.container, 'row-expand-11'));
    const details = byTestId(view.container, 'row-details-11')?.textContent ?? '';
    expect(details).toContain('门店等级');
    expect(details).toContain('A');
    expect(details).toContain('李店长');
    // the column settings still show it as a column, and "reset" brings the defaults back
    await click(byTestId(view.container, 'column-settings-button'));
    const toggle = byTestId(document.body, 'column-toggle-level');
    await click(toggle?.tagName === 'INPUT' ? toggle : toggle?.querySelector('input'));
    expect(headers()).toContain('门店等级');
    localStorage.removeItem('vitrine.columns.v2.shop');
  });

  it('after saving a new draft it shows My drafts with the saved row marked', async () => {
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=enabled',
    );
    await settle();
    await click(byTestId(view.container, 'create'));
    const input = document.body.querySelector<HTMLInputElement>('.ant-drawer input#name');
    if (!input) throw new Error('no name input');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '新店');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(byTestId(document.body, 'form-save'));
    expect(mocked).toHaveBeenCalledWith(api.shop.create, { name: '新店' });
    await vi.waitFor(() => expect(mocked).toHaveBeenCalledWith(api.shop.myList, expect.anything()));
    await vi.waitFor(() => expect(byTestId(view.container, 'row-saved')?.getAttribute('data-row-key')).toBe('11'));
  });

  it('shows the empty state in English', async () => {
    await i18n.changeLanguage('en-US');
    mocked.mockImplementation(async () => ({ list: [], total: 0, pageNum: 1, pageSize: 10 }) as never);
    await view.render(<LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />, '/store/store');
    await settle();
    expect(byTestId(view.container, 'lifecycle-empty')?.textContent).toContain('No records match');
    expect(view.container.textContent).toContain('Enabled');
  });

  it('opens the record a message points to (?record=) above the list, with the actions its state allows', async () => {
    const submitted: Row = { ...base, id: 13, name: '浦东店', status: 102, applyStatus: 201 };
    mocked.mockImplementation(async (def) => (def === api.shop.get ? submitted : answer(def)) as never);
    await view.render(
      <LifecycleTable config={config} filter={{}} bits={decodeWeight(ALL_BITS)} />,
      '/store/store?tab=review&record=13',
    );
    await settle();
    const focused = byTestId(view.container, 'focused-record');
    expect(focused?.textContent).toContain('消息中的记录');
    expect(focused?.textContent).toContain('浦东店');
    expect(mocked).toHaveBeenCalledWith(api.shop.get, { id: 13 });
    // a submission waiting for review: the reviewer's actions, on the record itself
    expect(byTestId(focused!, 'row-pass-13')).not.toBeNull();
    expect(byTestId(focused!, 'row-reject-13')).not.toBeNull();
    await click(byTestId(view.container, 'focused-close'));
    expect(byTestId(view.container, 'focused-record')).toBeNull();
  });
});
