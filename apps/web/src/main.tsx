import {
  PAGE_DATA_ELEMENT_ID,
  PAGE_ISLAND_MODULES_ELEMENT_ID,
  PAGE_ISLANDS_ELEMENT_ID,
  PAGE_MODULES_ELEMENT_ID,
} from '@carcare/contracts/page-render';
import { keepEarlyActions } from './app/early-actions';
import { listedModules, nextTask, preloadModules } from './lib/islands/preload-modules';
import { readStoredSession } from './lib/session/stored-session';
import { applyTheme, readStoredTheme, resolveTheme } from './lib/theme/theme';
import './index.css';

// The entry is only this: the theme, then the app or a storefront page's islands. A page the server rendered is shown before the app loads.
// Apply the theme before the first render so a dark page does not flash light.
applyTheme(resolveTheme(readStoredTheme()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const serverRendered = document.getElementById(PAGE_DATA_ELEMENT_ID) !== null;

const earlyActions = serverRendered ? keepEarlyActions(root) : undefined;

if (serverRendered && servedAsIslands()) {
  // A visitor on a storefront page (decision 049): its islands alone, never the router or the store.
  void afterFirstPaint()
    .then(() => preloadModules(listedModules(PAGE_ISLAND_MODULES_ELEMENT_ID)))
    .then(() => import('./app/start-islands'))
    .then(({ startIslands }) => startIslands(root, earlyActions));
} else {
  void (
    serverRendered
      ? afterFirstPaint()
          .then(() => preloadModules(listedModules(PAGE_MODULES_ELEMENT_ID)))
          .then(evaluateInStages)
      : Promise.resolve()
  )
    .then(() => import('./app/start-app'))
    .then(({ startApp }) => startApp(root, earlyActions));
}

/**
 * Whether the page is hydrated island by island: the server drew it so, and nobody is signed in on this
 * browser. A signed-in visitor has gone into the app, which draws their session, their Next Slot and their
 * own forms on the page as everywhere else.
 */
function servedAsIslands() {
  if (document.getElementById(PAGE_ISLANDS_ELEMENT_ID) === null) return false;
  return readStoredSession().user === null;
}

/** Resolves once the browser has painted the server's HTML: the app's scripts never hold back the first paint. */
function afterFirstPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Evaluates the app's largest libraries one at a time, with a task between them, so that loading the app is
 * not one long task that would hold up a tap on the painted page.
 */
async function evaluateInStages() {
  await import('react-dom/client');
  await nextTask();
  await import('./app/store');
  await nextTask();
  await import('./app/router');
  await nextTask();
}
