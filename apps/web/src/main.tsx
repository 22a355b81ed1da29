import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMatchedRoutes } from './app/router';
import { makeStore } from './app/store';
import { readServerData, serverStateReceived } from './lib/ssr/server-data';
import { applyTheme, readStoredTheme, resolveTheme } from './lib/theme/theme';
import './index.css';

// Apply the theme before the first render so a dark page does not flash light.
applyTheme(resolveTheme(readStoredTheme()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const serverData = readServerData();
const store = makeStore();

if (serverData && root.firstElementChild) {
  // The server rendered this page: hydrate its HTML with the same components and data, once they are loaded.
  store.dispatch(serverStateReceived(serverData.state));
  void loadMatchedRoutes(window.location.pathname).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App store={store} serverData={serverData} />
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
