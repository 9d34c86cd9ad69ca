// Module-level holders so code outside React (the api client) can toast and navigate.
// Toasts are antd's static message, fetched with the first one (antdToast.tsx): the landing page
// /index loads no antd until then (decisions/0119). <NavigationBridge/> (inside the router) fills
// the navigator.

export type Feedback = {
  info: (text: string, key?: string) => void;
  success: (text: string, key?: string) => void;
  warning: (text: string, key?: string) => void;
  error: (text: string, seconds?: number, key?: string) => void;
};

/** Toasts written to the console: when antd's chunk cannot load, and in unit tests. */
export const consoleFeedback: Feedback = {
  info: (text) => console.info(text),
  success: (text) => console.info(text),
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
};

/** Each toast through antd's message, fetched on first use; the console if the chunk cannot load. */
function lazy(show: (fb: Feedback) => void): void {
  import('./antdToast').then(
    (m) => show(m.antdFeedback),
    () => show(consoleFeedback),
  );
}

const antdFeedback: Feedback = {
  info: (text, key) => lazy((fb) => fb.info(text, key)),
  success: (text, key) => lazy((fb) => fb.success(text, key)),
  warning: (text, key) => lazy((fb) => fb.warning(text, key)),
  error: (text, seconds, key) => lazy((fb) => fb.error(text, seconds, key)),
};

let feedback: Feedback = antdFeedback;

/** Replaces the toasts (tests record them); null restores antd's. */
export function setFeedback(next: Feedback | null): void {
  feedback = next ?? antdFeedback;
}

/** The toasts every part of the app uses. */
export const toast: Feedback = {
  info: (text, key) => feedback.info(text, key),
  success: (text, key) => feedback.success(text, key),
  warning: (text, key) => feedback.warning(text, key),
  error: (text, seconds, key) => feedback.error(text, seconds, key),
};

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

/** Client-side navigation when the router is mounted, a full page load otherwise. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

/** A full reload of the app at `to` (spec §4: after choosing an enterprise the app reloads). */
export function reloadApp(to: string): void {
  window.location.assign(to);
}
