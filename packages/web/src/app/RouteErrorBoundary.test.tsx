import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new Error('chunk failed');
}

let navigate: NavigateFunction | null = null;
function Pages() {
  const location = useLocation();
  navigate = useNavigate();
  const page = useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <p>fine</p> },
  ]);
  return <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

// The data router's default error page, kept when the console moved to the declarative router.
describe('RouteErrorBoundary', () => {
  it('shows the error in place of the page and clears it on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <MemoryRouter initialEntries={['/broken']}>
          <Pages />
        </MemoryRouter>,
      ),
    );
    expect(container.querySelector('h2')?.textContent).toBe('Unexpected Application Error!');
    expect(container.querySelector('h3')?.textContent).toBe('chunk failed');

    await act(async () => void navigate?.('/fine'));
    expect(container.textContent).toBe('fine');
    act(() => root.unmount());
  });
});
