import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_STATE_ID } from './app/page-state';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { afterLoadWhenIdle } from './lib/idle';
import { startVitals } from './lib/start-vitals';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
// The server rendered this page (/, /creators or a profile; decision 0020): its query cache comes
// along as JSON, so the first client render sees the same data and matches the HTML.
const state = document.getElementById(PAGE_STATE_ID)?.textContent;
if (state) hydrate(queryClient, JSON.parse(state) as DehydratedState);

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

if (state && root.firstElementChild) {
  // A transition, so hydration yields to the browser between components (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}

startVitals(queryClient);

// The service worker (issue 26): pushes and the offline page. Registered once the page has loaded and
// the browser is idle, so it never competes with the first paint; the push opt-in is elsewhere, offered
// only at the right moment (lib/push.ts).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  afterLoadWhenIdle(() => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
