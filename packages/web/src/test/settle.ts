import { act } from 'react';

// Waiting for what the test expects instead of a fixed sleep: the page is settled when no faked call
// is in flight and the document has stopped changing for a few turns of the event loop. Under load a
// fixed 30 ms was sometimes too short (issue 7 §6); this waits as long as the work takes (capped).

let inFlight = 0;

/** Wraps a faked call's answer so `settle` knows it is in flight. */
export function tracked<T>(answer: () => Promise<T>): Promise<T> {
  inFlight++;
  return answer().finally(() => {
    inFlight--;
  });
}

const turn = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** Resolves once nothing is in flight and the DOM was unchanged over three turns (at most `cap` ms). */
export async function settle(cap = 5000): Promise<void> {
  const end = Date.now() + cap;
  let last = '';
  let quiet = 0;
  while (Date.now() < end) {
    await turn();
    const html = document.body.innerHTML;
    if (inFlight === 0 && html === last) {
      if (++quiet >= 3) return;
    } else quiet = 0;
    last = html;
  }
}
