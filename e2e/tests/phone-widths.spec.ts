import { SITE_ROUTES, siteHref, webPathsFor } from '@carcare/contracts/site-routes';
import { expect, type Page, type Request, test } from '@playwright/test';

import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';
import { serviceId } from './support/catalogue';

/** The narrowest common phone, an iPhone 12-15 and a large phone, held upright. */
const PHONE_WIDTHS = [360, 390, 430] as const;
const PHONE_HEIGHT = 800;

// Services and days that no other journey books: past the demo shop's bookings and the other journeys' days.
const SWEEP_SERVICE = 'Wash & Vacuum Combo';
const SWEEP_DAYS_AHEAD = 13;
const JOURNEY_SERVICE = 'Premium Hand Wash & Wax';
const JOURNEY_DAYS_AHEAD = 12;

const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

/** How much wider than the viewport the document is, in CSS pixels; 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(async () => {
    // Let a resize or a render that just happened reach layout first: two frames, or half a second when the
    // browser draws none (a headless page it stopped painting; reading the width lays the page out anyway).
    await Promise.race([
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]);
    return document.documentElement.scrollWidth - window.innerWidth;
  });

/** The widest elements that stick out on the right, to say why a page scrolls sideways. */
const culprits = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      // The outermost one of each: its parent still fits.
      .filter((element) => (element.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => {
        const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
        return `<${element.tagName.toLowerCase()} class="${classes}"> right=${Math.round(element.getBoundingClientRect().right)}`;
      }),
  );

/** Checks the page the browser shows now at each phone width; returns the failures it found. */
async function widthProblems(page: Page, where: string, widths: readonly number[] = PHONE_WIDTHS) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: PHONE_HEIGHT });
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) {
      problems.push(
        `${where} at ${width} px is ${overflow} px wider than the screen: ${(await culprits(page)).join(', ')}`,
      );
    }
  }
  return problems;
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Follows the page's requests still under way, so a check can wait until the data and the lazy pages are in. */
function trackRequests(page: Page) {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

const QUIET_MS = 250;
const QUIET_TIMEOUT_MS = 15_000;

/** Waits until the page has had no request under way for QUIET_MS (what `networkidle` is to a page load). */
async function networkQuiet(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('trackRequests(page) first');
  const started = Date.now();
  let quietSince = started;
  while (Date.now() - quietSince < QUIET_MS) {
    if (pending.size > 0) quietSince = Date.now();
    if (Date.now() - started > QUIET_TIMEOUT_MS) {
      throw new Error(`Requests still under way: ${[...pending].map((request) => request.url()).join(', ')}`);
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Opens `route` as a link in the app would, without reloading: the first visit loads the app, later ones
 * go through the router (a history entry and a popstate, as Back does). Waits until its data has arrived.
 */
async function open(page: Page, route: string) {
  if (!inFlight.has(page)) trackRequests(page);
  if (page.url() === 'about:blank') {
    await page.goto(route);
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
  }
  await networkQuiet(page);
  await expect(page.locator('main').first()).toBeVisible();
}

/** Visits every route at every phone width; fails once at the end, naming each route, role and width. */
async function sweep(page: Page, who: string, routes: readonly string[]) {
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: PHONE_HEIGHT });
    await open(page, route);
    problems.push(...(await widthProblems(page, `${route} as ${who}`)));
  }
  return problems;
}

/** An access token for the API's own calls, from a sign-in of its own; the browser is not signed in by it. */
async function accessToken(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const body: { data: { _id: string }; accessToken: string } = await response.json();
  await page.context().clearCookies();
  return { token: body.accessToken, userId: body.data._id };
}

/** Signs in on the login form, as a person does; the app keeps the session while the loop moves around. */
async function signIn(page: Page, email: string, password: string) {
  await open(page, '/login');
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  await networkQuiet(page);
}

/**
 * A booking of the day's `index`-th free slot, settled on the sandbox checkout by `action` ('pay' or 'cancel');
 * returns the payment result page the sandbox sends the customer back to.
 */
async function settledBooking(
  page: Page,
  {
    token,
    userId,
    service,
    index,
    action,
  }: { token: string; userId: string; service: string; index: number; action: 'pay' | 'cancel' },
) {
  const date = openDayFromNow(SWEEP_DAYS_AHEAD).text;
  const slots: { data: { _id: string; isBooked: string }[] } = await (
    await page.request.get(`/api/slots/availability?service=${service}&date=${date}`)
  ).json();
  const slot = slots.data.filter((entry) => entry.isBooked === 'available')[index];
  if (!slot) throw new Error(`No free slot ${index} on ${date}`);
  const created = await page.request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { service, slot: slot._id, customer: userId },
  });
  expect(created.status()).toBe(201);
  const { data }: { data: { payment_url: string } } = await created.json();
  const settled = await page.request.post(`${data.payment_url}/${action}`, { form: {}, maxRedirects: 0 });
  expect(settled.status()).toBe(303);
  const result = new URL(settled.headers().location ?? '', 'http://app.invalid');
  expect(result.pathname).toMatch(/^\/payment\/(success|failed)$/);
  return `${result.pathname}${result.search}`;
}

const NO_BOOKING = '00000000-0000-4000-8000-000000000000';

const PUBLIC_ROUTES = [
  siteHref('home'),
  siteHref('services'),
  siteHref('services', {}, { searchTerm: 'wash', sort: '-price', page: 1 }),
  siteHref('testimonials'),
  siteHref('plans'),
  siteHref('login'),
  siteHref('register'),
  siteHref('forgotPassword'),
  siteHref('resetPassword', {}, { token: 'not-a-real-token' }),
  siteHref('claimAccount', {}, { token: 'not-a-real-token' }),
  '/no-such-page',
];

/** The customer's pages and the administrator's, from the site's route table: a new page is swept too. */
const dashboardOf = (...access: Array<'customer' | 'staff' | 'admin'>) => [
  SITE_ROUTES.profile.path,
  ...access.flatMap((each) => webPathsFor(each)).filter((path) => path.startsWith('/dashboard/')),
];

const CUSTOMER_ROUTES = dashboardOf('customer');

// The administrator opens the counter's pages (the dashboard, the day board, Booking Management) too.
const ADMIN_ROUTES = dashboardOf('staff', 'admin');

test.describe('no screen scrolls sideways on a phone', () => {
  test('every route a visitor can open fits 360, 390 and 430 px', async ({ page }) => {
    const service = await serviceId(page, SWEEP_SERVICE);
    const routes = [
      ...PUBLIC_ROUTES,
      siteHref('serviceDetails', { id: service }),
      // Pages behind a sign-in send the visitor to the login form, and the result pages ask to log in.
      siteHref('paymentSuccess', {}, { booking: NO_BOOKING }),
      siteHref('paymentFailed', {}, { booking: NO_BOOKING }),
      siteHref('proceedBooking'),
      siteHref('userMyBookings'),
      siteHref('adminDashboard'),
      // A review request's page, its link not one the shop wrote: it says so.
      siteHref('reviewRequest', { token: `${NO_BOOKING}~not-a-signature` }),
    ];
    // Every page of the route table that anyone may open is swept: a new one must be added here.
    const swept = new Set(routes.map((url) => new URL(url, 'http://app.invalid').pathname));
    const missed = webPathsFor('anyone').filter((path) => !path.includes(':') && !swept.has(path));
    expect(missed).toEqual([]);
    const problems = await sweep(page, 'visitor', routes);
    expect(problems).toEqual([]);
  });

  test('every route a customer with a paid booking can open fits, with the Next Slot countdown in the header', async ({
    page,
  }) => {
    const email = await registerThroughApi(page);
    const { token, userId } = await accessToken(page, email, CUSTOMER_PASSWORD);
    const service = await serviceId(page, SWEEP_SERVICE);
    const success = await settledBooking(page, { token, userId, service, index: 0, action: 'pay' });
    const failed = await settledBooking(page, { token, userId, service, index: 3, action: 'cancel' });

    await signIn(page, email, CUSTOMER_PASSWORD);
    await open(page, '/');
    await expect(page.getByRole('banner').getByText(/^Next Slot: /)).toBeVisible();
    // The countdown has a row of its own up to a laptop's width, and sits beside the account link beyond; on a
    // phone the logo and the account link still share the first row.
    const problems = await widthProblems(page, '/ as customer', [768, 1024, 1280]);
    const banner = page.getByRole('banner');
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: PHONE_HEIGHT });
      const logo = await banner.getByRole('link', { name: 'CarCare home' }).boundingBox();
      const account = await banner.getByRole('link', { name: 'Dashboard' }).boundingBox();
      const countdown = await banner.getByText(/^Next Slot: /).boundingBox();
      expect(
        Math.abs((account?.y ?? 0) + (account?.height ?? 0) / 2 - ((logo?.y ?? 0) + (logo?.height ?? 0) / 2)),
        `the account link beside the logo at ${width} px`,
      ).toBeLessThan(2);
      expect(countdown?.y ?? 0, `the countdown under the logo at ${width} px`).toBeGreaterThan(
        (logo?.y ?? 0) + (logo?.height ?? 0),
      );
    }
    problems.push(
      ...(await sweep(page, 'customer', [
        ...PUBLIC_ROUTES,
        `/service/${service}`,
        success,
        failed,
        ...CUSTOMER_ROUTES,
      ])),
    );

    // The dashboard's sections and Logout are all on screen, not scrolled out of sight.
    await open(page, '/dashboard/user');
    const sections = page.getByRole('navigation', { name: 'Dashboard' }).locator('a, button');
    await expect(sections).toHaveCount(8);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: PHONE_HEIGHT });
      for (const section of await sections.all()) {
        await expect(section, `a dashboard section at ${width} px`).toBeInViewport({ ratio: 1 });
      }
    }

    // The booking summary, reached as a customer reaches it: a day and a slot chosen, then Book This Service.
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: PHONE_HEIGHT });
    await open(page, `/service/${service}`);
    await pickDay(page.locator('.rdp-root'), openDayFromNow(SWEEP_DAYS_AHEAD));
    await page.getByRole('list', { name: 'Available slots' }).locator('button[aria-pressed="false"]').first().click();
    problems.push(...(await widthProblems(page, `/service/${service} with a slot chosen as customer`)));
    await page.getByRole('button', { name: 'Book This Service' }).click();
    await expect(page).toHaveURL('/proceed-booking');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    // The shop's terms are shown (the box to accept them waits for them) before the width is measured.
    await expect(page.getByRole('checkbox', { name: 'I accept these terms' })).toBeEnabled();
    problems.push(...(await widthProblems(page, '/proceed-booking as customer')));

    expect(problems).toEqual([]);
  });

  test('every route an administrator can open fits, the sidebar open and closed', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const service = await serviceId(page, SWEEP_SERVICE);
    // Signed in, the shop lands on its dashboard with the sidebar open over the page.
    const problems = await sweep(page, 'administrator with the sidebar open', ADMIN_ROUTES.slice(0, 2));
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();

    // Closed, it stays closed from page to page, and each page takes the whole screen.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
    problems.push(
      ...(await sweep(page, 'administrator', [...ADMIN_ROUTES.slice(1), ...PUBLIC_ROUTES, `/service/${service}`])),
    );
    expect(problems).toEqual([]);
  });
});

test('on a phone the admin sidebar dims the page behind it and closes on Escape and on a press outside it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
  await signIn(page, ADMIN.email, ADMIN.password);
  await open(page, '/dashboard/admin/overview');

  const sidebar = page.getByRole('complementary', { name: 'Admin' });
  const menu = page.getByRole('button', { name: /^(Open|Close) menu$/ });
  const backdrop = page.getByTestId('admin-sidebar-backdrop');
  const sidebarLinks = page.getByRole('navigation', { name: 'Admin sections' });

  // Open on arrival, over a dimmed page.
  await expect(sidebarLinks).toBeVisible();
  await expect(backdrop).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');

  // Escape closes it and gives the focus back to the menu button.
  await page.keyboard.press('Escape');
  await expect(sidebarLinks).toBeHidden();
  await expect(backdrop).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // The menu button opens it again, dimmed; a press on the dimmed page closes it and reaches nothing behind.
  await menu.click();
  await expect(sidebarLinks).toBeVisible();
  await expect(backdrop).toBeVisible();
  // It slides open: measured once it has stopped.
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(287);
  const before = page.url();
  await page.mouse.click(370, 600);
  await expect(sidebarLinks).toBeHidden();
  await expect(backdrop).toBeHidden();
  expect(page.url()).toBe(before);

  // On a laptop the sidebar sits beside the page: nothing is dimmed and Escape leaves it open.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebarLinks).toBeVisible();
  await expect(backdrop).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(sidebarLinks).toBeVisible();
});

test('a customer on a 390 px phone books, pays, reschedules and cancels without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
  trackRequests(page);
  const fits = async (step: string) => {
    await networkQuiet(page);
    expect(await widthProblems(page, step, [390])).toEqual([]);
  };
  const email = await registerThroughApi(page);
  const target = openDayFromNow(JOURNEY_DAYS_AHEAD);

  // Choose a day and a slot, sign in when asked.
  await page.goto(`/service/${await serviceId(page, JOURNEY_SERVICE)}`);
  await fits('the service page');
  await pickDay(page.locator('.rdp-root'), target);
  const daySlots = page.getByRole('list', { name: 'Available slots' });
  const first = daySlots.locator('button[aria-pressed="false"]').first();
  const bookedTime = (await first.textContent()) ?? '';
  await first.click();
  await fits('the service page with a slot chosen');
  await page.getByRole('button', { name: 'Book This Service' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fits('the login page');
  await logIn(page, email, CUSTOMER_PASSWORD);

  // The booking summary, the sandbox checkout and the result.
  await expect(page).toHaveURL('/proceed-booking');
  await fits('the booking summary');
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await fits('the sandbox checkout');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking=/);
  await expect(page.getByRole('definition').filter({ hasText: JOURNEY_SERVICE })).toBeVisible();
  await expect(page.getByRole('banner').getByText(/^Next Slot: /)).toBeVisible();
  await fits('the payment result with the Next Slot countdown');

  // My Bookings, from the result page; the dashboard's sections and Logout stay on screen.
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL('/dashboard/user/my-bookings');
  const card = page.getByRole('article', { name: JOURNEY_SERVICE });
  await expect(card.getByText(bookedTime)).toBeVisible();
  await fits('My Bookings');
  for (const section of await page.getByRole('navigation', { name: 'Dashboard' }).locator('a, button').all()) {
    await expect(section).toBeInViewport({ ratio: 1 });
  }

  // Move it to another slot of that day.
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const moving = page.getByRole('dialog', { name: 'Move this booking' });
  const other = moving.getByRole('list', { name: 'Available slots' }).locator('button[aria-pressed="false"]').first();
  await expect(other).toBeVisible();
  await fits('the reschedule dialog');
  const movedTime = (await other.textContent()) ?? '';
  expect(movedTime).not.toBe(bookedTime);
  await other.click();
  await moving.getByRole('button', { name: 'Move booking' }).click();
  await expect(moving).toBeHidden();
  await expect(card.getByText(movedTime)).toBeVisible();
  await fits('My Bookings after the move');

  // Cancel it.
  await card.getByRole('button', { name: 'Cancel' }).click();
  const cancelling = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(cancelling).toBeVisible();
  await fits('the cancel dialog');
  await cancelling.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancelling).toBeHidden();
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeHidden();
  await fits('My Bookings after the cancellation');
});

test("the Plans screen's add and edit dialogs fit a 360 px phone, for a membership and a pack", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: PHONE_HEIGHT });
  await signIn(page, ADMIN.email, ADMIN.password);
  await open(page, siteHref('adminPlans'));
  // The sidebar opens over the page on arrival.
  await page.keyboard.press('Escape');

  /** How much wider the open dialog's content is than the dialog, and how far it sticks out of the screen. */
  const dialogOverflow = () =>
    page.getByRole('dialog').evaluate((dialog) => ({
      inside: dialog.scrollWidth - dialog.clientWidth,
      outside: Math.max(0, dialog.getBoundingClientRect().right - window.innerWidth),
    }));

  // The empty form logs nothing: an empty number field holds no value, not one the browser cannot parse.
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  await page.getByRole('button', { name: 'Add Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Plan' });
  await expect(dialog.getByRole('checkbox', { name: 'Express Exterior Wash' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Unlimited washes' }).uncheck();
  await expect(dialog.getByLabel('Washes a month')).toHaveValue('');
  expect(await dialogOverflow(), 'a membership').toEqual({ inside: 0, outside: 0 });
  await dialog.getByRole('radio', { name: 'Pack' }).check();
  await expect(dialog.getByLabel('Valid for (days)')).toHaveValue('');
  expect(await dialogOverflow(), 'a pack').toEqual({ inside: 0, outside: 0 });
  expect(logged).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit Family Club' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Plan' })).toBeVisible();
  expect(await dialogOverflow(), 'editing a plan').toEqual({ inside: 0, outside: 0 });
  expect(await sidewaysOverflow(page)).toBe(0);
});
