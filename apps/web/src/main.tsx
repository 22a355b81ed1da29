import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { makeStore } from './app/store';
import { applyTheme, readStoredTheme, resolveTheme } from './lib/theme/theme';
import './index.css';

// Apply the theme before the first render so a dark page does not flash light.
applyTheme(resolveTheme(readStoredTheme()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App store={makeStore()} />
  </StrictMode>,
);
