// Module-level holders so code outside React (the api client) can toast and navigate.
// <FeedbackBridge/> (inside antd <App>) and <NavigationBridge/> (inside the router) fill them.

export type Feedback = {
  info: (text: string, key?: string) => void;
  success: (text: string, key?: string) => void;
  warning: (text: string, key?: string) => void;
  error: (text: string, seconds?: number, key?: string) => void;
};

const consoleFeedback: Feedback = {
  info: (text) => console.info(text),
  success: (text) => console.info(text),
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
};

let feedback: Feedback = consoleFeedback;

export function setFeedback(next: Feedback | null): void {
  feedback = next ?? consoleFeedback;
}

/** The toasts every part of the app uses (antd `App` message API once mounted). */
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
