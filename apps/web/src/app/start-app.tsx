import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readServerData, serverStateReceived } from '@/lib/ssr/server-data';
import { App } from './app';
import type { EarlyActions } from './early-actions';
import { loadMatchedRoutes } from './router';
import { makeStore } from './store';

/**
 * Starts the app in `root`: hydrates the page the server rendered, with the same components and data once they
 * are loaded, or renders the client app's own pages. `earlyActions` are stopped as React starts listening and
 * answered once the page is live.
 */
export async function startApp(root: HTMLElement, earlyActions?: EarlyActions) {
  const serverData = readServerData();
  const store = makeStore();
  if (!serverData || !root.firstElementChild) {
    createRoot(root).render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
    return;
  }
  store.dispatch(serverStateReceived(serverData.state));
  await loadMatchedRoutes(window.location.pathname);
  earlyActions?.stop();
  // A transition: hydration yields to the browser between components instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Hydrated then={earlyActions?.answer}>
          <App store={store} serverData={serverData} />
        </Hydrated>
      </StrictMode>,
    );
  });
}

/** Calls `then` once the page is hydrated: its components are live and know the fields' values. */
function Hydrated({ children, then }: { children: ReactNode; then: (() => void) | undefined }) {
  useEffect(() => then?.(), [then]);
  return children;
}
