import { beforeAll } from 'vitest';
import { i18n, LANGUAGES, NAMESPACES } from '../i18n';

// The app fetches translation namespaces with the routes that use them; tests render components
// directly, so every namespace is there in both languages before any test runs.
beforeAll(async () => {
  await i18n.reloadResources([...LANGUAGES], NAMESPACES);
  await i18n.loadNamespaces(NAMESPACES);
});
