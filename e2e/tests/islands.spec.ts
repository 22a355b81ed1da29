import { expect, type Page, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, registerThroughApi, submitLogin } from './support/accounts';
import { serviceId } from './support/catalogue';
import { holdTheScripts, reactHoldsThePage, scriptsOf } from './support/hydration';

/**
 * The home page, the catalogue, a service's page and the testimonials are served as islands (decision 049): a visitor's browser
 * hydrates their interactive parts, each a root of its own, and loads neither the router nor the store; a
 * signed-in visitor gets the app.
 */

const CERAMIC = 'Ceramic Coating Package';

/** Every island of the page is a React root: the page is live. */
const islandsAreLive = (page: Page) => page.waitForFunction(reactHoldsThePage);

/**
 * Pages whose islands load nothing once live until the visitor uses them: every script they fetch is the entry
 * or listed by the server. The testimonials' form, in view, loads its fields once it is live.
 */
const LOADS_ONLY_WHAT_IS_LISTED = new Set(['/', '/services']);

const ISLANDS_OF = {
  '/': ['site-menu', 'theme-toggle', 'compare-toggle', 'write-review', 'comparison', 'scroll-to-top'],
  '/testimonials': ['site-menu', 'theme-toggle', 'review-pages', 'review-form', 'comparison', 'scroll-to-top'],
  '/services': ['site-menu', 'theme-toggle', 'catalogue', 'compare-toggle', 'comparison', 'scroll-to-top'],
};

for (const [path, expected] of Object.entries(ISLANDS_OF)) {
  test(`a visitor on ${path} gets its islands, and never the router, the store or the app`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(path, { waitUntil: 'networkidle' });
    await islandsAreLive(page);
    const islands = await page.evaluate(() =>
      [...document.querySelectorAll('[data-island]')].map((island) => island.getAttribute('data-island')),
    );
    expect(new Set(islands)).toEqual(new Set(expected));
    const scripts = await scriptsOf(page);
    expect(scripts.some((script) => /\/start-islands-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.filter((script) => /\/(start-app|router|store|[\w-]+-page)-[\w-]+\.js$/.test(script))).toEqual([]);
    // The server listed the modules the islands hydrate with, for the browser to fetch a few at a time before it
    // imports them: each one was fetched, and none is fetched unlisted.
    const [listed, entry] = await page.evaluate((): [string[], string] => [
      JSON.parse(document.getElementById('carcare-island-modules')?.textContent ?? '[]'),
      new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '/').pathname,
    ]);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((file) => !scripts.includes(file))).toEqual([]);
    if (LOADS_ONLY_WHAT_IS_LISTED.has(path)) {
      expect(scripts.filter((file) => !listed.includes(file) && file !== entry)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test.describe('each island of the home page answers its first use before and after it hydrates', () => {
  test('the menu opens, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdTheScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    release();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    // Its links are plain ones: the catalogue is a page of its own.
    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the theme turns', async ({ page }) => {
    const release = await holdTheScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: /^Theme: system/ }).click();
    release();
    await expect(page.getByRole('button', { name: 'Theme: light. Switch to dark' })).toBeVisible();
    await page.getByRole('button', { name: 'Theme: light. Switch to dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Theme: dark. Switch to system' })).toBeVisible();
  });

  test('Compare chooses a service, the floating button counts it, and the next page keeps it', async ({ page }) => {
    const release = await holdTheScripts(page);
    await page.goto('/');
    const compare = page
      .getByRole('list', { name: 'Premium services' })
      .getByRole('button', { name: `Compare ${CERAMIC}` });
    await compare.click();
    await expect(compare).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect(compare).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Compare services (1 selected)' })).toBeVisible();
    await page.goto('/services');
    await expect(page.getByRole('button', { name: 'Compare services (1 selected)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Compare ${CERAMIC}` })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/');
    await islandsAreLive(page);
    await compare.click();
    await expect(compare).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Compare services (0 selected)' })).toBeVisible();
  });

  test('Write a review opens the form, which sends a visitor to sign in and back', async ({ page }) => {
    const release = await holdTheScripts(page);
    await page.goto('/');
    const write = page.getByRole('button', { name: 'Write a review' });
    await write.click();
    release();
    await expect(write).toHaveAttribute('aria-expanded', 'true');
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: /submit/i }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    await page.goBack();
    await islandsAreLive(page);
    await page.getByRole('button', { name: 'Write a review' }).click();
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
  });

  test('scroll to top glides back up', async ({ page }) => {
    await page.goto('/');
    await islandsAreLive(page);
    await page.mouse.wheel(0, 2000);
    const up = page.getByRole('button', { name: 'Scroll to top' });
    await expect(up).toHaveAttribute('aria-hidden', 'false');
    await up.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('each island of the testimonials answers its first use before and after it hydrates', () => {
  test('the page buttons turn the list, and the form sends a visitor to sign in', async ({ page }) => {
    const release = await holdTheScripts(page);
    await page.goto('/testimonials');
    const reviews = page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem');
    await expect(reviews).toHaveCount(10);
    const first = await reviews.first().textContent();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    release();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(reviews.first()).not.toHaveText(first ?? '');
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect(reviews.first()).toHaveText(first ?? '');

    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '5 stars' }).click();
    await form.getByLabel('Your review').fill('Spotless, and on time.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftestimonials$/);
  });
});

test.describe('the catalogue answers its first use before and after it hydrates', () => {
  test('a search typed before is searched, a page and the way back are the address’s', async ({ page }) => {
    const release = await holdTheScripts(page);
    await page.goto('/services');
    const cards = page.getByRole('list', { name: 'Services' }).getByRole('heading', { level: 3 });
    await expect(cards).toHaveCount(10);
    await page.getByLabel('Search services').fill('wash');
    release();
    await expect(page).toHaveURL(/\/services\?searchTerm=wash$/);
    await expect(cards).toHaveText(['Premium Hand Wash & Wax', 'Wash & Vacuum Combo', 'Express Exterior Wash']);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(cards).toHaveCount(10);
    await expect(page.getByLabel('Search services')).toHaveValue('');
    // The way back is the browser's: the search comes back, from the address.
    await page.goBack();
    await expect(page).toHaveURL(/\/services\?searchTerm=wash$/);
    await expect(cards).toHaveCount(3);
    await expect(page.getByLabel('Search services')).toHaveValue('wash');

    // A card's Compare button is an island inside the catalogue's, live with it.
    await page.getByRole('button', { name: 'Compare Express Exterior Wash' }).click();
    await expect(page.getByRole('button', { name: 'Compare services (1 selected)' })).toBeVisible();
  });
});

test.describe('a service’s booking answers its first use before and after it hydrates', () => {
  test('a time chosen before is chosen after, and Book This Service goes through sign-in to pay for it', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    const email = await registerThroughApi(page, 'Omar');
    const id = await serviceId(page, 'Wheel & Tyre Detail');
    const release = await holdTheScripts(page);
    await page.goto(`/service/${id}`);
    // The server drew the first day with a free time, and its times.
    const times = page.getByRole('list', { name: 'Available slots' });
    const free = times.locator('button[aria-pressed="false"]').first();
    const time = (await free.textContent()) ?? '';
    await free.click();
    release();
    await islandsAreLive(page);
    await expect(times.getByRole('button', { name: time })).toHaveAttribute('aria-pressed', 'true');
    const islands = await page.evaluate(() =>
      [...document.querySelectorAll('[data-island]')].map((island) => island.getAttribute('data-island')),
    );
    expect(new Set(islands)).toEqual(
      new Set(['site-menu', 'theme-toggle', 'compare-toggle', 'service-booking', 'comparison', 'scroll-to-top']),
    );
    const scripts = await scriptsOf(page);
    expect(scripts.filter((script) => /\/(start-app|router|store|[\w-]+-page)-[\w-]+\.js$/.test(script))).toEqual([]);

    // The price of the job drawn, asked by the island.
    await expect(page.getByRole('region', { name: 'Your price' })).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: 'Book This Service' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, email, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL('/proceed-booking');
    const summary = page.getByRole('region', { name: 'Your booking' });
    await expect(summary.getByText(time)).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('a service’s booking is loaded when the visitor comes to it, and answers then', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await serviceId(page, 'Wheel & Tyre Detail');
  await page.goto(`/service/${id}`, { waitUntil: 'networkidle' });
  await islandsAreLive(page);
  const bookingLoaded = async () => (await scriptsOf(page)).some((script) => /\/slot-booking-[\w-]+\.js$/.test(script));
  const bookingLive = () =>
    page.evaluate(() => {
      const island = document.querySelector('[data-island="service-booking"]');
      return island !== null && Object.keys(island).some((key) => key.startsWith('__reactContainer'));
    });
  expect([await bookingLoaded(), await bookingLive()]).toEqual([false, false]);

  // Scrolled up to the top of the screen: its module comes, and it hydrates.
  await page.evaluate(() => document.getElementById('your-vehicle-heading')?.scrollIntoView({ block: 'start' }));
  await expect.poll(bookingLoaded).toBe(true);
  await expect.poll(bookingLive).toBe(true);
  const times = page.getByRole('list', { name: 'Available slots' });
  const free = times.locator('button[aria-pressed="false"]').first();
  const time = (await free.textContent()) ?? '';
  await free.click();
  await expect(times.getByRole('button', { name: time })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Book This Service' })).toBeEnabled();
});

test('going from the home page into the app and back keeps the session: the app draws the page', async ({ page }) => {
  const email = await registerThroughApi(page, 'Nadia');
  await page.goto('/');
  await islandsAreLive(page);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\//);
  // The brand mark is a plain link home.
  await page.getByRole('link', { name: 'CarCare home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toBeVisible();
  const scripts = await scriptsOf(page);
  expect(scripts.some((path) => /\/start-app-[\w-]+\.js$/.test(path))).toBe(true);
  // Into the app again: the session is still there.
  await dashboard.click();
  await expect(page).toHaveURL(/\/dashboard\//);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
});
