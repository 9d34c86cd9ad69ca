import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { DeviceStatusTag, StatusTag } from './StatusTag';
import { DEVICE_STATUS_COLORS, STATUS_WORDS } from './statusWords';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement;

async function render(node: React.ReactNode): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(node));
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

const WORDS: [number, string, string][] = [
  [101, '草稿', 'Draft'],
  [102, '待审核', 'To be reviewed'],
  [103, '已通过', 'Approve'],
  [104, '已驳回', 'Reject'],
  [201, '待审核', 'To be reviewed'],
  [202, '已通过', 'Approve'],
  [203, '未通过', 'Deny'],
  [302, '上线', 'List'],
  [301, '下线', 'Delist'],
  [401, '未读', 'Unread'],
  [402, '已读', 'Read'],
];

describe('StatusTag', () => {
  it.each(WORDS)('%i reads %s / %s', async (code, zh, en) => {
    await i18n.changeLanguage('zh-CN');
    expect((await render(<StatusTag status={code} />)).textContent).toBe(zh);
    act(() => root?.unmount());
    container.remove();
    await i18n.changeLanguage('en-US');
    expect((await render(<StatusTag status={code} />)).textContent).toBe(en);
  });

  it('shows an unknown code as its number and nothing for no status', async () => {
    expect(
      (
        await render(
          <>
            <StatusTag status={999} />
            <StatusTag status={null} />
          </>,
        )
      ).textContent,
    ).toBe('999');
  });

  it('every lifecycle word has a colour', () => {
    for (const word of Object.values(STATUS_WORDS)) expect(word.color).toBeTruthy();
  });
});

describe('DeviceStatusTag', () => {
  const CASES: [number, string, string, string][] = [
    [0, '离线', 'Offline', '#f5222d'],
    [1, '在线·工作异常', 'Online, working abnormally', '#1677ff'],
    [3, '在线·播放异常', 'Online, playback abnormal', '#faad14'],
    [7, '在线·正常', 'Online, normal', '#52c41a'],
  ];
  it.each(CASES)('%i in the spec colour', async (status, zh, en, colour) => {
    expect(DEVICE_STATUS_COLORS[status]).toBe(colour);
    await i18n.changeLanguage('zh-CN');
    const el = await render(<DeviceStatusTag status={status} />);
    expect(el.textContent).toBe(zh);
    const tag = el.querySelector<HTMLElement>(`[data-testid="device-status-${status}"]`);
    expect(tag?.getAttribute('style') ?? '').toMatch(new RegExp(colour.replace('#', '#?'), 'i'));
    act(() => root?.unmount());
    container.remove();
    await i18n.changeLanguage('en-US');
    expect((await render(<DeviceStatusTag status={status} />)).textContent).toBe(en);
  });

  it('an offline device that never sent a heartbeat says so; an online one ignores the flag', async () => {
    await i18n.changeLanguage('zh-CN');
    const el = await render(<DeviceStatusTag status={0} neverConnected />);
    expect(el.textContent).toBe('离线·从未连接');
    expect(el.querySelector('[data-testid="device-status-never"]')).not.toBeNull();
    act(() => root?.unmount());
    container.remove();
    await i18n.changeLanguage('en-US');
    expect((await render(<DeviceStatusTag status={0} neverConnected />)).textContent).toBe('Offline, never connected');
    act(() => root?.unmount());
    container.remove();
    expect((await render(<DeviceStatusTag status={7} neverConnected />)).textContent).toBe('Online, normal');
  });

  it('colours: offline red, abnormal blue, playback-abnormal amber, normal green', () => {
    expect(DEVICE_STATUS_COLORS).toEqual({ 0: '#f5222d', 1: '#1677ff', 3: '#faad14', 7: '#52c41a' });
  });
});
