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
 * (decision 049). Runs in the page, as `page.waitForFunction(reactHoldsThePage)`.
 */
export const reactHoldsThePage = () => {
  const isRoot = (element: Element | null) =>
    element !== null && Object.keys(element).some((key) => key.startsWith('__reactContainer'));
  if (isRoot(document.getElementById('root'))) return true;
  const islands = [...document.querySelectorAll('[data-island]')].filter(
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
