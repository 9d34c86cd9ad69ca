import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from 'antd';
import { api as contract } from '@vitrine/contract';
import { i18n } from '../../i18n';
import IndexPage from '../index/IndexPage';
import RegisterPage from '../register/RegisterPage';
import ResetPwPage from '../resetPw/ResetPwPage';
import AppointmentPage from '../appointment/AppointmentPage';
import IntroducePage from '../introduce/IntroducePage';
import RegisterSucceedPage from '../registerSucceed/RegisterSucceedPage';
import InlogPage from '../inlog/InlogPage';
import { settle } from '../../test/settle';
import { removeCookie } from '../../state/cookies';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A text like "login.title" on screen means a key missing from public.json (or introduce.json).
const RAW_KEY =
  /\b(nav|hero|features|loop|login|field|sms|register|reset|appointment|succeed|inlog|footer|areas|deviceStatus|gender|roles|tenancy|cta)\.[a-zA-Z0-9]+/;

let root: Root | null = null;
let container: HTMLElement;

async function mount(element: ReactNode): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(element));
  return container;
}

const render = (Page: ComponentType, url: string) =>
  mount(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <Page />
      </App>
    </MemoryRouter>,
  );

/** Sets an input's value the way React notices (native setter + input event). */
function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Where the login panel went: /index with the panel, any other path shown as text. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/** The login page as the router has it: the panel's navigation lands on `Landed`. */
const renderLogin = (url: string) =>
  mount(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/index" element={<IndexPage />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );

const answer = (ret: number, msg: string, result: unknown = null) =>
  vi.fn(async () => new Response(JSON.stringify({ ret, msg, result })));

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

const PAGES: [string, ComponentType, string, string[]][] = [
  ['index', IndexPage, '/index', ['login-tab-password', 'login-tab-sms', 'login-un', 'login-pw', 'login-submit']],
  [
    'register',
    RegisterPage,
    '/register',
    ['register-un', 'register-code', 'register-send-code', 'register-pw', 'register-nickname', 'register-submit'],
  ],
  [
    'resetPw',
    ResetPwPage,
    '/resetPw',
    ['reset-un', 'reset-code', 'reset-send-code', 'reset-pw', 'reset-pw2', 'reset-submit'],
  ],
  ['appointment', AppointmentPage, '/make_an_appointment', ['appointment-submit']],
  ['introduce', IntroducePage, '/introduce', []],
  ['register_succeed 1', RegisterSucceedPage, '/register_succeed?flag=1', []],
  ['register_succeed 2', RegisterSucceedPage, '/register_succeed?flag=2', []],
  ['register_succeed ?', RegisterSucceedPage, '/register_succeed', []],
  ['inlog', InlogPage, '/inlog?invite=abc', []],
];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

describe.each(['zh-CN', 'en-US'])('public pages in %s', (lng) => {
  it.each(PAGES)('%s renders every string and test id', async (_name, Page, url, testIds) => {
    await i18n.changeLanguage(lng);
    const el = await render(Page, url);
    expect(el.textContent).not.toMatch(RAW_KEY);
    for (const id of testIds) expect(byTestId(id), id).not.toBeNull();
    for (const id of testIds.filter((x) => !/(send-code|submit|tab-)/.test(x))) {
      expect(byTestId(id)?.tagName, id).toBe('INPUT');
    }
  });
});

describe('login panel', () => {
  it('shows the spec messages for a bad phone', async () => {
    await i18n.changeLanguage('zh-CN');
    await render(IndexPage, '/index');
    await act(async () => byTestId('login-submit')?.click());
    // the schemas come with the first check (a dynamic import, slow on a loaded machine)
    await vi.waitFor(() => expect(container.textContent).toContain('手机号不能为空'));
    await act(async () => type(byTestId('login-un') as HTMLInputElement, '2380013800'));
    await vi.waitFor(() => expect(container.textContent).toContain('手机格式不正确'));
  });

  it('sends a login code and counts down from 60s', async () => {
    await i18n.changeLanguage('zh-CN');
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ ret: 0, msg: '成功', result: { resendIn: 60 } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await render(IndexPage, '/index');
    await act(async () => byTestId('login-tab-sms')?.click());
    expect(byTestId('login-code')).not.toBeNull();
    expect(byTestId('login-pw')).toBeNull();
    await act(async () => type(byTestId('login-un') as HTMLInputElement, '13800138000'));
    await act(async () => byTestId('login-send-code')?.click());
    await settle(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/code');
    expect(String(init.body)).toBe('un=13800138000&purpose=login');
    const button = byTestId('login-send-code') as HTMLButtonElement;
    expect(button.textContent).toMatch(/^(60|59)s$/);
    expect(button.disabled).toBe(true);
  });

  it('shows the code in a notice when the development server sends it to this machine', async () => {
    await i18n.changeLanguage('en-US');
    const answer = contract.account.code.result.parse({ resendIn: 60, devCode: '428193' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ret: 0, msg: 'ok', result: answer }))),
    );
    await render(IndexPage, '/index');
    await act(async () => byTestId('login-tab-sms')?.click());
    await act(async () => type(byTestId('login-un') as HTMLInputElement, '13800138000'));
    await act(async () => byTestId('login-send-code')?.click());
    await settle(100);
    await vi.waitFor(() => expect(document.body.textContent).toContain('The code sent to 13800138000 is 428193'));
  });

  it('shows the server refusal in an alert, and a refusal naming the phone on the phone field', async () => {
    await i18n.changeLanguage('zh-CN');
    vi.stubGlobal('fetch', answer(40003, '手机号或密码错误'));
    await renderLogin('/index');
    await act(async () => type(byTestId('login-un') as HTMLInputElement, '13800138000'));
    await act(async () => type(byTestId('login-pw') as HTMLInputElement, 'wrong-password'));
    await act(async () => byTestId('login-submit')?.click());
    await settle();
    expect(byTestId('login-alert')?.textContent).toBe('手机号或密码错误');
    expect(byTestId('login-alert')?.getAttribute('role')).toBe('alert');
    // typing again clears it
    await act(async () => type(byTestId('login-pw') as HTMLInputElement, 'wrong-password2'));
    expect(byTestId('login-alert')).toBeNull();

    vi.stubGlobal('fetch', answer(40001, '参数错误', { fields: [{ field: 'un', message: '该手机号尚未注册' }] }));
    await act(async () => byTestId('login-submit')?.click());
    await settle();
    expect(byTestId('login-alert')).toBeNull();
    const phone = byTestId('login-un') as HTMLInputElement;
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('该手机号尚未注册');
  });

  it('logs in with Enter and goes to the redirect asked for', async () => {
    await i18n.changeLanguage('en-US');
    const login = { token: 'tok', userId: 7, userName: '13800138000', nickName: 'Ann' };
    const fetchMock = answer(0, 'ok', login);
    vi.stubGlobal('fetch', fetchMock);
    await renderLogin('/index?redirect=%2Fstore%2Fstore');
    expect(container.textContent).toContain('Please log in first');
    await act(async () => type(byTestId('login-un') as HTMLInputElement, '13800138000'));
    await act(async () => type(byTestId('login-pw') as HTMLInputElement, 'a-good-password'));
    // Enter in a field submits the form (a real <form> with a submit button)
    const form = (byTestId('login-pw') as HTMLInputElement).form;
    await act(async () => form?.requestSubmit());
    await settle();
    expect(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toBe(
      'un=13800138000&pw=a-good-password',
    );
    expect(byTestId('landed')?.textContent).toBe('/store/store');
    removeCookie('access_token');
    removeCookie('user_id');
  });

  it('draws the tabs as a tablist that the arrow keys move through', async () => {
    await i18n.changeLanguage('zh-CN');
    await renderLogin('/index');
    const password = byTestId('login-tab-password') as HTMLElement;
    expect(password.closest('[role="tablist"]')).not.toBeNull();
    expect(password.getAttribute('aria-selected')).toBe('true');
    await act(async () => password.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(byTestId('login-tab-sms')?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(byTestId('login-tab-sms'));
    expect(byTestId('login-code')).not.toBeNull();
    expect(container.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe('login-tab-sms');
  });
});
