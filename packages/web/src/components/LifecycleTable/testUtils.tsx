import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { settle } from '../../test/settle';
export { settle };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders with the providers a console page has (router at `url`, react-query, antd App). */
export function mount() {
  let root: Root | null = null;
  const container = document.createElement('div');
  document.body.appendChild(container);
  return {
    container,
    render: async (node: ReactNode, url = '/') => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      root = createRoot(container);
      await act(async () => {
        root?.render(
          <MemoryRouter initialEntries={[url]}>
            <QueryClientProvider client={client}>
              <App>{node}</App>
            </QueryClientProvider>
          </MemoryRouter>,
        );
      });
    },
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => {
    (el as HTMLElement).click();
  });
  await settle();
}

export const byTestId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
