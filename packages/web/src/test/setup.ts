import { beforeAll, beforeEach } from 'vitest';
import { consoleFeedback, setFeedback } from '../api/feedback';
import { i18n, LANGUAGES, NAMESPACES } from '../i18n';

// The app fetches translation namespaces with the routes that use them; tests render components
// directly, so every namespace is there in both languages before any test runs.
beforeAll(async () => {
  await i18n.reloadResources([...LANGUAGES], NAMESPACES);
  await i18n.loadNamespaces(NAMESPACES);
});

// The api client's toasts go to the console, as they did before antd's static message drew them
// (decisions/0106): a toast drawn after its test ended would outlive the test's environment. A test
// that checks toasts sets its own (api/client.test.ts).
beforeEach(() => {
  setFeedback(consoleFeedback);
});
