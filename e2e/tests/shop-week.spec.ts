import { formatDay } from '@carcare/contracts/display-format';
import { expect, type Page, test } from '@playwright/test';

import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { dayFromNow, openDayFromNow } from './support/calendar';
import { serviceId } from './support/catalogue';

// A service no other journey books, which the owner offers on Sunday mornings only. The shop's week changes
// only by opening on Sundays, which no other journey books, so the journeys running beside this one keep
// every time they see.
const SERVICE = 'Full Interior Detail';

/** The weekday of a YYYY-MM-DD day, 0 for Sunday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

test('the owner opens on Sundays and closes for a flooded bay on the Settings screen; a customer lands on the first open day, books and pays', async ({
  page,
  browser,
}) => {
  // Far beyond every other journey's days, inside the 60-day horizon.
  const closedFrom = openDayFromNow(40).text;
  const closedTo = openDayFromNow(41).text;

  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Setting' }).click();
  await expect(page).toHaveURL('/dashboard/admin/settings');

  // The week: the demo's Monday to Saturday, and now Sundays 10:00–16:00.
  const hours = page.getByRole('region', { name: 'Opening hours' });
  await expect(hours.getByLabel('Open on Monday')).toBeChecked();
  await expect(hours.getByLabel('Open on Sunday')).not.toBeChecked();
  await hours.getByLabel('Open on Sunday').check();
  await hours.getByLabel('Sunday range 1 from').fill('10:00');
  await hours.getByLabel('Sunday range 1 to').fill('16:00');
  await hours.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // A closure with no booking in it is saved at once.
  const closures = page.getByRole('region', { name: 'Closures' });
  await closures.getByLabel('First day').fill(closedFrom);
  await closures.getByLabel('Last day').fill(closedTo);
  await closures.getByLabel('Reason').fill('Flooded bay');
  await closures.getByRole('button', { name: 'Add closure' }).click();
  await expect(page.getByText('Closure saved')).toBeVisible();
  await expect(closures.getByRole('button', { name: /^Remove closure Flooded bay/ })).toBeVisible();

  // Both changes are in the trail, newest first.
  const trail = page.getByRole('list', { name: 'Recent changes' });
  await expect(trail.getByRole('listitem').first()).toContainText('Closure');
  await expect(trail.getByRole('listitem').nth(1)).toContainText('Opening hours');

  // The service follows Sundays only.
  await page.goto('/dashboard/admin');
  const row = page.getByRole('row', { name: new RegExp(SERVICE) });
  await row.getByRole('button', { name: `Edit ${SERVICE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Service Details' });
  const own = dialog.getByRole('region', { name: 'Service hours' });
  await own.getByRole('radio', { name: 'Its own hours' }).check();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await own.getByLabel(`Open on ${day}`).uncheck();
  }
  await expect(own.getByLabel('Open on Sunday')).toBeChecked();
  await own.getByRole('button', { name: 'Save service hours' }).click();
  await expect(page.getByText('Service hours saved')).toBeVisible();

  // What other clients read of the shop now.
  const config = (await (await page.request.get('/api/config')).json()).data;
  expect(config.hours.sunday).toEqual([{ start: '10:00', end: '16:00' }]);
  expect(config.closures).toContainEqual({
    _id: expect.any(String),
    startDate: closedFrom,
    endDate: closedTo,
    reason: 'Flooded bay',
  });
  const id = await serviceId(page, SERVICE);
  const calendar = (
    await (await page.request.get(`/api/slots/calendar?service=${id}&from=${closedFrom}&to=${closedTo}`)).json()
  ).data;
  expect(calendar.days.map((day: { state: string }) => day.state)).toEqual(calendar.days.map(() => 'closed'));
  const firstFree: string = (
    await (
      await page.request.get(`/api/slots/calendar?service=${id}&from=${dayFromNow(0).text}&to=${dayFromNow(30).text}`)
    ).json()
  ).data.nextAvailable;
  expect(weekday(firstFree)).toBe(0);

  // A visitor, in a browser of their own, opens the service: the page lands on its first Sunday with a free time.
  const visitor = await browser.newContext();
  const customerPage = await visitor.newPage();
  await bookFirstSunday(customerPage, id, firstFree);
  await visitor.close();
});

async function bookFirstSunday(page: Page, id: string, firstFree: string) {
  const email = await registerThroughApi(page);
  await page.goto(`/service/${id}`);
  await expect(page.getByRole('heading', { name: SERVICE })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Available slots on ${formatDay(firstFree)}` })).toBeVisible();
  const slots = page.getByRole('list', { name: 'Available slots' });
  const first = slots.getByRole('button').first();
  // A 3-hour service on a Sunday 10:00–16:00: its first time opens the morning, unless that has passed today.
  if (firstFree !== dayFromNow(0).text) await expect(first).toHaveText(/^10:00 - 13:00/);
  await first.click();
  await page.getByRole('button', { name: 'Book This Service' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL('/proceed-booking');
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const outcome = page.getByRole('definition');
  await expect(outcome.filter({ hasText: SERVICE })).toBeVisible();
  await expect(outcome.filter({ hasText: formatDay(firstFree) })).toBeVisible();
  await expect(outcome.filter({ hasText: 'Confirmed' })).toBeVisible();
}
