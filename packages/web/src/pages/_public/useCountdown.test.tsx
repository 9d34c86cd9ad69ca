import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './useCountdown';

// React's act() warns unless the environment says it is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down to 0 and can start again', () => {
    const seen: { remaining: number; start: (s: number) => void }[] = [];
    function Probe() {
      seen.push(useCountdown());
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Probe />));
    const latest = () => seen[seen.length - 1];
    expect(latest().remaining).toBe(0);

    act(() => latest().start(60));
    expect(latest().remaining).toBe(60);

    act(() => void vi.advanceTimersByTime(1_000));
    expect(latest().remaining).toBe(59);

    act(() => void vi.advanceTimersByTime(30_000));
    expect(latest().remaining).toBe(29);

    act(() => void vi.advanceTimersByTime(29_000));
    expect(latest().remaining).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    act(() => latest().start(60));
    expect(latest().remaining).toBe(60);
    act(() => root.unmount());
    expect(vi.getTimerCount()).toBe(0);
  });
});
