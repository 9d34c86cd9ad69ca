import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since epoch), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * A resend countdown: `start(60)` makes `remaining` go 60, 59 … 0. Counting against a deadline,
 * not by decrementing, keeps it right when the tab sleeps and timers fire late.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    const end = Date.now() + seconds * 1000;
    setDeadline(end);
    setRemaining(secondsLeft(end, Date.now()));
  }, []);

  useEffect(() => {
    if (deadline === 0) return undefined;
    const timer = setInterval(() => {
      const left = secondsLeft(deadline, Date.now());
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        setDeadline(0);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  return { remaining, start };
}
