import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './i18n';
import './app/global.css';
import { focusableScrollRegions } from './app/a11y';
import { preloadConsole } from './app/preload';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { reloadOnStaleChunks } from './app/staleBuild';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

focusableScrollRegions();
reloadOnStaleChunks();
preloadConsole(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
