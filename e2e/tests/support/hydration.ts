import type { Page } from '@playwright/test';

/**
 * Holds back the module that brings a rendered page to life, the app's or the islands' (decision 049), until
 * the returned function is called: the page stays as the server painted it.
 */
export async function holdTheScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-(app|islands)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Whether React holds the page: the app's root, or every outermost island of a page served as islands
 * (decision 049) but those that wait for the visitor to come to them. Runs in the page, as
 * `page.waitForFunction(reactHoldsThePage)`.
 */
export const reactHoldsThePage = () => {
  const isRoot = (element: Element | null) =>
    element !== null && Object.keys(element).some((key) => key.startsWith('__reactContainer'));
  if (isRoot(document.getElementById('root'))) return true;
  const islands = [...document.querySelectorAll('[data-island]:not([data-island-hydrate="when-reached"])')].filter(
    (island) => !island.parentElement?.closest('[data-island]'),
  );
  return islands.length > 0 && islands.every(isRoot);
};

/** The paths of the scripts the page has fetched so far. */
export const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );

/** Whether React holds the island `name` as a root of its own. Runs in the page. */
const islandIsLive = (name: string) => {
  const island = document.querySelector(`[data-island="${name}"]`);
  return island !== null && Object.keys(island).some((key) => key.startsWith('__reactContainer'));
};

/**
 * Comes to an island that waits for the visitor (decision 049): scrolls its first part to the top of the
 * screen, and waits until it is live.
 */
export async function reachIsland(page: Page, name: string) {
  await page.evaluate(
    (name) => document.querySelector(`[data-island="${name}"] > *`)?.scrollIntoView({ block: 'start' }),
    name,
  );
  await page.waitForFunction(islandIsLive, name);
}
