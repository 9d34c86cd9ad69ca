import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { byTestId, cleanup, fakeCall, RAW_KEY, renderPage, type Handlers } from '../enterprise/testUtils';
import InlogPage from './InlogPage';

const handlers: Handlers = {};
vi.mock('../../api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/client')>();
  return { ...real, call: vi.fn((def: never, body?: unknown) => fakeCall(handlers)(def, body)) };
});

const info = {
  title: '示例零售',
  companyCode: 'VT0001',
  logo: '',
  inviter: '王总',
  expired: false,
  used: false,
  expires: 1_900_000_000,
};

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

beforeEach(() => {
  clearCookies();
  handlers['public/invite-info'] = () => info;
});
afterEach(cleanup);

describe.each(['zh-CN', 'en-US'])('/inlog in %s', (lng) => {
  it('shows the enterprise and inviter, and asks a visitor to log in first', async () => {
    await i18n.changeLanguage(lng);
    const el = await renderPage(<InlogPage />, '/inlog?invite=tok');
    expect(byTestId('inlog-invitation')?.textContent).toContain('示例零售');
    expect(el.textContent).toContain('王总');
    expect(byTestId('inlog-login')).not.toBeNull();
    expect(byTestId('inlog-accept')).toBeNull();
    expect(el.textContent).not.toMatch(RAW_KEY);
  });

  it('offers accepting to a logged-in user, and refuses a used link', async () => {
    await i18n.changeLanguage(lng);
    document.cookie = 'access_token=t; path=/';
    document.cookie = 'user_id=1; path=/';
    handlers['public/invite-info'] = () => ({ ...info, used: true });
    await renderPage(<InlogPage />, '/inlog?invite=tok');
    expect(byTestId('inlog-accept')).not.toBeNull();
    expect((byTestId('inlog-accept') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('inlog-unusable')).not.toBeNull();
  });
});
