import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { CallRoute } from '@vitrine/contract';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { dialogStore } from '../../state/dialog';
import { byTestId, click, mount, settle } from '../LifecycleTable/testUtils';
import { TreeDialog } from './TreeDialog';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

const node = (id: string, pid: string, name: string, num: number, leaf = false) => ({
  id,
  pid,
  name,
  title: name,
  num,
  leaf,
  recordId: null,
});

function answer(def: CallRoute, body: unknown): unknown {
  const b = body as { id?: string; shopRange?: { p: string[] } };
  if (def === api.geo.tree) return { list: b.id ? [] : [node('31', '', '上海市', 5), node('11', '', '北京市', 2)] };
  if (def === api.geo.shopCount) return { count: b.shopRange?.p.includes('31') ? 5 : 0 };
  if (def === api.geo.deviceCount) return { count: 17 };
  return {};
}

describe('TreeDialog', () => {
  let view: ReturnType<typeof mount>;
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.mockReset();
    mocked.mockImplementation(async (def, body) => answer(def, body) as never);
    view = mount();
  });
  afterEach(() => view.unmount());

  it('loads the top level, counts the checked shops and returns {p,c,a,s}', async () => {
    const onOk = vi.fn();
    await view.render(<TreeDialog open mode="shops" onOk={onOk} onCancel={() => undefined} />);
    await settle(50);
    expect(mocked).toHaveBeenCalledWith(api.geo.tree, { id: '', kind: 'shop' });
    const dialog = document.body;
    expect(byTestId(dialog, 'tree-node-31')?.textContent).toContain('上海市');
    const checkbox = byTestId(dialog, 'tree-node-31')
      ?.closest('[role="treeitem"], .ant-tree-treenode')
      ?.querySelector('.ant-tree-checkbox');
    await click(checkbox);
    await settle(50);
    expect(mocked).toHaveBeenCalledWith(api.geo.shopCount, { shopRange: { p: ['31'], c: [], a: [], s: [] } });
    expect(byTestId(dialog, 'tree-count')?.textContent).toContain('5');
    expect(dialogStore.get().treeItem).toBe('5');
    await click(byTestId(dialog, 'tree-ok'));
    expect(onOk).toHaveBeenCalledWith({ p: ['31'], c: [], a: [], s: [] }, 5, { devices: [] });
  });

  it('counts devices in devices mode and starts from the given value', async () => {
    const onOk = vi.fn();
    await i18n.changeLanguage('en-US');
    await view.render(<TreeDialog open mode="devices" value={{ p: ['11'] }} onOk={onOk} onCancel={() => undefined} />);
    await settle(50);
    expect(mocked).toHaveBeenCalledWith(api.geo.tree, { id: '', kind: 'device' });
    expect(mocked).toHaveBeenCalledWith(api.geo.deviceCount, { shopRange: { p: ['11'], c: [], a: [], s: [] } });
    expect(byTestId(document.body, 'tree-count')?.textContent).toMatch(/17\s*devices/);
    await act(async () => byTestId(document.body, 'tree-ok')?.click());
    expect(onOk).toHaveBeenCalledWith({ p: ['11'], c: [], a: [], s: [] }, 17, { devices: [] });
  });
});
