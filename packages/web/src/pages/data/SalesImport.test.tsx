import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { useQuery } from '@tanstack/react-query';
import { i18n } from '../../i18n';
import { keys } from '../../api/keys';
import {
  byTestId,
  cleanup,
  click,
  fakeCall,
  RAW_KEY,
  renderPage,
  settle,
  type Handlers,
} from '../enterprise/testUtils';
import { SalesImport } from './SalesImport';

// The sales import dialog (issue 11 §2): a file is previewed at once, rows with errors in red and the
// counts as tags; the import is offered only with a good row, and afterwards the figures refresh.

const calls: { path: string; body: unknown }[] = [];
const handlers: Handlers = {};
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/client')>();
  return { ...real, call: vi.fn((def: never, body?: unknown) => fakeCall(handlers, calls)(def, body)) };
});

const row = (line: number, lineId: string, action: string, errors: string[] = []) => ({
  line,
  lineId,
  time: '2026-03-10 10:30',
  shopCode: 'S1',
  productCode: 'G1',
  employeeCode: '',
  quantity: '1',
  amount: '10.50',
  action,
  errors: errors.map((message) => ({ field: 'shopCode', message })),
});
const answer = (mode: unknown, good: boolean) => ({
  rows: [...(good ? [row(2, 'L1', 'create')] : []), row(3, 'L2', 'same'), row(4, 'X1', 'error', ['门店编码不存在'])],
  counts: { create: good ? 1 : 0, same: 1, error: 1 },
  written: mode === 'commit' ? 1 : 0,
});

let fetches = 0;
function Figures() {
  useQuery({ queryKey: keys.stats.sale({}), queryFn: () => ++fetches });
  return null;
}

async function choose(name: string) {
  const input = byTestId('import-input') as HTMLInputElement;
  const file = new File(['明细编号,时间\n'], name, { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}
const commitButton = () => byTestId('import-commit')?.closest('button') ?? byTestId('import-commit');

beforeEach(() => {
  calls.length = 0;
  fetches = 0;
});
afterEach(cleanup);

describe('sales import dialog', () => {
  it.each(['zh-CN', 'en-US'])('previews a file, imports its good rows and refreshes the figures (%s)', async (lng) => {
    await i18n.changeLanguage(lng);
    handlers['sale/import'] = (b) => answer(b.mode, true);
    await renderPage(
      <>
        <SalesImport />
        <Figures />
      </>,
    );
    expect(fetches).toBe(1);
    await click(byTestId('sales-import'));
    expect(document.body.textContent).toContain(lng === 'zh-CN' ? '下载模板' : 'Download the template');
    await choose('s.csv');
    expect(calls.map((c) => (c.body as { mode: string }).mode)).toEqual(['preview']);
    expect((calls[0].body as { name: string; file: string }).file).toBe(
      btoa(unescape(encodeURIComponent('明细编号,时间\n'))),
    );
    const counts = byTestId('import-counts')?.textContent ?? '';
    expect(counts).toContain(lng === 'zh-CN' ? '新增 1' : 'New 1');
    expect(counts).toContain(lng === 'zh-CN' ? '已导入 1' : 'Already imported 1');
    const table = byTestId('import-preview')!;
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3);
    expect(table.querySelector('.ant-typography-danger')?.textContent).toBe('门店编码不存在');
    expect(document.body.textContent).not.toMatch(RAW_KEY);
    expect(commitButton()?.hasAttribute('disabled')).toBe(false);
    await click(commitButton());
    expect(calls.map((c) => (c.body as { mode: string }).mode)).toEqual(['preview', 'commit']);
    expect(document.body.textContent).toContain(
      lng === 'zh-CN'
        ? '已导入 1 条销售明细，另有 1 条此前已导入'
        : '1 sales line imported; 1 had been imported before',
    );
    expect(fetches).toBe(2);
  });

  it('offers no import when no row is good', async () => {
    await i18n.changeLanguage('zh-CN');
    handlers['sale/import'] = (b) => answer(b.mode, false);
    await renderPage(<SalesImport />);
    await click(byTestId('sales-import'));
    await choose('s.csv');
    expect(commitButton()?.hasAttribute('disabled')).toBe(true);
  });
});
