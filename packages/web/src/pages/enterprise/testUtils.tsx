import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allCalls, type CallDef, type CallRoute } from '@vitrine/contract';
import { settle, tracked } from '../../test/settle';
export { settle };

// Render helpers for page tests: the real providers, `call` mocked by the test at the module boundary.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Handlers = Record<string, (body: Record<string, unknown>) => unknown>;

/** A fake `call`: answers by the call's path from `handlers`; unknown paths fail the test loudly. */
export function fakeCall(handlers: Handlers, seen: { path: string; body: unknown }[] = []) {
  return (route: CallRoute, body?: unknown) =>
    tracked(async () => {
      seen.push({ path: route.path, body });
      const h = handlers[route.path];
      const def = byPath.get(route.path);
      if (!h || !def) throw new Error(`unexpected call ${route.path}`);
      // answered through the call's result schema, so a contract change breaks the fake too
      return def.result.parse(await h((body ?? {}) as Record<string, unknown>));
    });
}

/** The contract's definitions by path: the client is handed routes, the fake answers through schemas. */
const byPath = new Map<string, CallDef>(allCalls.map((def) => [def.path, def]));

let root: Root | null = null;
let container: HTMLElement | null = null;

export async function renderPage(node: ReactNode, url = '/'): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await act(async () => {
    root?.render(
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
  });
  await settle();
  return container;
}

export function cleanup(): void {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
  document.body.innerHTML = '';
}

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

export async function click(el: Element | null): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
  await settle();
}

/** i18n keys left raw on screen (a missing translation) look like `a.b` in lower camel case. */
export const RAW_KEY =
  /\b(tab|info|dept|job|perm|member|range|apply|invite|oplog|verb|bit|role|col|status|empty|kind|logins|editor|password|hint|error|action|form)\.[a-zA-Z0-9]+/;
