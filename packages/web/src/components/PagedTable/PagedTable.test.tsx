import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { byTestId, click, mount, settle } from '../LifecycleTable/testUtils';
import { PagedTable } from './PagedTable';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const message = (id: number): MessageItem => ({
  id,
  kind: 'join.applied',
  title: `消息 ${id}`,
  body: '',
  link: '',
  status: 401,
  ctime: 1_700_000_000,
});

/** A list of messages under a status filter, as a page declares it. */
function Messages() {
  const [status, setStatus] = useState<number | undefined>(undefined);
  return (
    <>
      <button type="button" data-testid="unread" onClick={() => setStatus(401)} />
      <PagedTable<MessageItem>
        testId="messages"
        source={{
          key: (pageNum) => keys.message.list({ status, pageNum }),
          fetch: (page) => call(api.message.list, { status, ...page }),
        }}
        empty="没有消息"
        columns={[{ key: 'title', dataIndex: 'title', title: '标题' }]}
      />
    </>
  );
}

const bodies = () => mocked.mock.calls.map(([, body]) => body);
const current = (root: ParentNode) => root.querySelector('.ant-pagination-item-active')?.textContent;

let view: ReturnType<typeof mount>;
beforeEach(() => {
  mocked.mockReset();
  view = mount();
});
afterEach(() => view.unmount());

describe('PagedTable', () => {
  const pages = (total: number) =>
    mocked.mockImplementation(async (_def, body) => {
      const { pageNum } = body as { pageNum: number };
      const count = Math.max(0, Math.min(10, total - (pageNum - 1) * 10));
      return { list: Array.from({ length: count }, (_, i) => message((pageNum - 1) * 10 + i + 1)), total };
    });

  it('asks for page 2 when the page changes', async () => {
    pages(25);
    await view.render(<Messages />);
    await settle();
    expect(bodies()).toEqual([{ status: undefined, pageNum: 1, pageSize: 10 }]);
    await click(view.container.querySelector('.ant-pagination-item-2'));
    expect(bodies().at(-1)).toEqual({ status: undefined, pageNum: 2, pageSize: 10 });
    expect(current(view.container)).toBe('2');
    expect(byTestId(view.container, 'messages')?.textContent).toContain('消息 11');
  });

  it('goes back to page 1 when the filter changes', async () => {
    pages(25);
    await view.render(<Messages />);
    await settle();
    await click(view.container.querySelector('.ant-pagination-item-3'));
    expect(current(view.container)).toBe('3');
    await click(byTestId(view.container, 'unread'));
    // page 3 of the new filter was never asked for: the page is back to 1 in the same render
    expect(bodies().slice(-1)).toEqual([{ status: 401, pageNum: 1, pageSize: 10 }]);
    expect(bodies()).not.toContainEqual({ status: 401, pageNum: 3, pageSize: 10 });
    expect(current(view.container)).toBe('1');
    expect(byTestId(view.container, 'messages')?.textContent).toContain('消息 1');
  });

  it('shows the empty state with its text when the list is empty', async () => {
    pages(0);
    await view.render(<Messages />);
    await settle();
    const table = byTestId(view.container, 'messages');
    expect(table?.querySelector('.ant-table-placeholder')?.textContent).toContain('没有消息');
    // through the console's empty state (its title), not a bare line of text
    expect(table?.querySelector('.ant-table-placeholder h4')?.textContent).toBe('没有消息');
  });
});
