import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '../state/app';
import { formatDate, formatTime, fromPicker, toPicker } from './time';

const zone = (timeZone: string) => appStore.set({ activeCom: { ...appStore.get().activeCom, timeZone } });

describe("times in the enterprise's zone (issue 25 §5)", () => {
  afterEach(() => zone(''));
  it('shows a moment on the enterprise clock, whatever the browser zone', () => {
    zone('Asia/Shanghai');
    expect(formatTime(1_764_322_320)).toBe('2025-11-28 17:32');
    zone('America/New_York');
    expect(formatTime(1_764_322_320)).toBe('2025-11-28 04:32');
    expect(formatDate(1_764_322_320)).toBe('2025-11-28');
  });
  it('a picker shows and gives back the enterprise wall clock', () => {
    zone('Asia/Shanghai');
    const picked = toPicker(1_764_322_320);
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2025-11-28 17:32');
    expect(fromPicker(picked)).toBe(1_764_322_320);
  });
});
