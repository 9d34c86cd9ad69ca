import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
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
import NewsPage from './NewsPage';
import { isInternal } from './MessageDrawer';

const calls: { path: string; body: unknown }[] = [];
const handlers: Handlers = {};
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/client')>();
  return { ...real, call: vi.fn((def: never, body?: unknown) => fakeCall(handlers, calls)(def, body)) };
});

const msg = {
  id: 4,
  kind: 'join.applied',
  title: '新的加入申请',
  body: '小张申请加入企业',
  link: '/enterprise?tab=applies',
  status: 401,
  ctime: 1_700_000_000,
};

beforeEach(() => {
  calls.length = 0;
  Object.assign(handlers, {
    'message/list': () => ({ list: [msg], total: 1, pageNum: 1, pageSize: 10 }),
    'message/info': () => msg,
    'message/check': (b: Record<string, unknown>) => ({ count: b.all === 1 ? 3 : (b.ids as number[]).length }),
  });
});
afterEach(cleanup);

describe.each(['zh-CN', 'en-US'])('/news in %s', (lng) => {
  it('lists unread messages, page size 10', async () => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<NewsPage />, '/news');
    expect(el.textContent).toContain('新的加入申请');
    expect(el.textContent).not.toMatch(RAW_KEY);
    expect(calls[0]).toEqual({ path: 'message/list', body: { status: 401, pageNum: 1, pageSize: 10 } });
  });
});

describe('/news behaviour', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));

  it('opens a message, marks it read and offers its link', async () => {
    await renderPage(<NewsPage />, '/news');
    await click(document.querySelector('tbody tr.ant-table-row'));
    await settle(60);
    expect(byTestId('news-detail')?.textContent).toContain('小张申请加入企业');
    expect(byTestId('news-link')).not.toBeNull();
    expect(calls.find((c) => c.path === 'message/check')?.body).toEqual({ ids: [4] });
  });

  it('switches to read messages (402)', async () => {
    await renderPage(<NewsPage />, '/news');
    await click(byTestId('news-tab-read'));
    expect(calls.filter((c) => c.path === 'message/list').at(-1)?.body).toMatchObject({ status: 402 });
  });

  it('tells in-app links from others', () => {
    expect(isInternal('/enterprise?tab=applies')).toBe(true);
    expect(isInternal('//evil.example')).toBe(false);
    expect(isInternal('https://example.com')).toBe(false);
  });
});
