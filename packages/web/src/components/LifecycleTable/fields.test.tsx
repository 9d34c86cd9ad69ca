import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as contract, type CallRoute } from '@vitrine/contract';
import { api } from '../../api/routes';
import { i18n } from '../../i18n';
import { call } from '../../api/client';
import { ShopSelect } from './fields';
import { byTestId, mount, settle } from './testUtils';

vi.mock('../../api/client', async (importOriginal) => ({ ...(await importOriginal<object>()), call: vi.fn() }));
const mocked = vi.mocked(call);

describe('ShopSelect', () => {
  let view: ReturnType<typeof mount>;
  let shops: { id: number; name: string; code: string }[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    mocked.mockReset();
    mocked.mockImplementation(async (def: CallRoute) => {
      if (def !== api.geo.shops) throw new Error('unexpected call');
      const list = shops.map((s) => ({ ...s, title: s.name, province: '31', city: '3101', district: '310101' }));
      return contract.geo.shops.result.parse({ list, total: list.length, pageNum: 1, pageSize: 50 }) as never;
    });
    view = mount();
  });
  afterEach(() => view.unmount());

  it('says to create a shop first when there is none to choose (issue 8 §4)', async () => {
    shops = [];
    await view.render(<ShopSelect />);
    await settle();
    expect(byTestId(view.container, 'field-shop-none')?.textContent).toContain(
      'create a shop and have it approved first',
    );
  });

  it('says nothing when there are shops', async () => {
    shops = [{ id: 1, name: 'Xuhui', code: 'XH1' }];
    await view.render(<ShopSelect />);
    await settle();
    expect(byTestId(view.container, 'field-shop-none')).toBeNull();
  });
});
