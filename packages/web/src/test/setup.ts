import { afterEach, beforeAll, beforeEach } from 'vitest';
import { consoleFeedback, setFeedback } from '../api/feedback';
import { i18n, LANGUAGES, missingKeys, NAMESPACES } from '../i18n';

// In the app a key English lacks falls back to the Chinese text; here it is missing in the language
// rendered, so that a test rendering in English fails on it (below) rather than showing Chinese.
i18n.options.fallbackLng = false;

// The app fetches translation namespaces with the routes that use them; tests render components
// directly, so every namespace is there in both languages before any test runs.
beforeAll(async () => {
  await i18n.reloadResources([...LANGUAGES], NAMESPACES);
  await i18n.loadNamespaces(NAMESPACES);
});

// The api client's toasts go to the console, as they did before antd's static message drew them
// (decisions/0119): a toast drawn after its test ended would outlive the test's environment. A test
// that checks toasts sets its own (api/client.test.ts).
beforeEach(() => {
  setFeedback(consoleFeedback);
});

// No key is missing at run time (issue 28 §4): a key a component asked for that the translations do
// not hold fails the test that rendered it (i18n/index.ts records them).
afterEach(() => {
  const found = missingKeys.splice(0);
  if (found.length) throw new Error(`translation keys missing at run time:\n${[...new Set(found)].join('\n')}`);
});
