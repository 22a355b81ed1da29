import { formatDay } from '@carcare/contracts/display-format';
import { type Browser, expect, type Page, test } from '@playwright/test';

import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';

// A service and a day that no other journey books: the demo shop's bookings stop a week ahead.
const SERVICE = 'Express Exterior Wash';
const DAYS_AHEAD = 9;

async function serviceId(page: Page) {
  const body: { data: { _id: string; name: string }[] } = await (
    await page.request.get('/api/services/g/names')
  ).json();
  const service = body.data.find((entry) => entry.name === SERVICE);
  if (!service) throw new Error(`No seeded service named ${SERVICE}`);
  return service._id;
}

/** Opens the service page on the chosen day; returns the list of that day's slots. */
async function openDay(page: Page) {
  await page.goto(`/service/${await serviceId(page)}`);
  await expect(page.getByRole('heading', { name: SERVICE })).toBeVisible();
  const target = openDayFromNow(DAYS_AHEAD);
  await pickDay(page.locator('.rdp-root'), target);
  await expect(page.getByRole('heading', { name: `Available slots on ${formatDay(target.text)}` })).toBeVisible();
  return page.getByRole('list', { name: 'Available slots' });
}

/** A new customer, in a browser of their own, books the first slot with every bay free and pays; returns its time. */
async function bookAndPay(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const email = await registerThroughApi(page);
    const slots = await openDay(page);
    const item = slots.getByRole('listitem').filter({ hasText: '4 of 4 bays free' }).first();
    const slot = item.getByRole('button');
    const time = (await slot.textContent()) ?? '';
    await slot.click();
    await page.getByRole('button', { name: 'Book This Service' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, CUSTOMER_PASSWORD);
    await expect(page).toHaveURL('/proceed-booking');
    await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    return time;
  } finally {
    await context.close();
  }
}

/** Another customer books the slot at `slotTime` through the API, as a client would; returns the booking's bay. */
async function bookThroughApi(browser: Browser, slotTime: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await registerThroughApi(page, 'Omar');
  const login = await page.request.post('/api/auth/login', { data: { email, password: CUSTOMER_PASSWORD } });
  const token: string = (await login.json()).accessToken;
  await page.context().clearCookies();
  const service = await serviceId(page);
  const day = openDayFromNow(DAYS_AHEAD).text;
  const slots: { data: { _id: string; startTime: string; endTime: string }[] } = await (
    await page.request.get(`/api/slots/availability?service=${service}&date=${day}`)
  ).json();
  const slot = slots.data.find((candidate) => slotTime.startsWith(candidate.startTime));
  const booked = await page.request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { service, slot: slot?._id, customer: '' },
  });
  expect(booked.status()).toBe(201);
  const bay: string = (await booked.json()).data.booking.bay.name;
  await context.close();
  return bay;
}

test('an administrator adds a fourth bay; four customers book the same slot and a fifth finds it full', async ({
  page,
  browser,
}) => {
  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: 'Bays' }).click();
  await expect(page).toHaveURL('/dashboard/admin/bays');
  const bays = page.getByRole('table', { name: 'Bays' });
  // The demo shop's three bays.
  for (const name of ['Bay 1', 'Bay 2', 'Bay 3'])
    await expect(bays.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add Bay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bay' });
  await dialog.getByRole('button', { name: 'Save Bay' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Bay 4');
  await dialog.getByRole('button', { name: 'Save Bay' }).click();
  await expect(dialog).toBeHidden();
  const added = bays.getByRole('row').filter({ hasText: 'Bay 4' });
  await expect(added).toContainText('Active');
  await expect(added).toContainText('Every service');

  // One customer books through the service page (a slot with every bay free) and pays; three others take
  // the other bays of that slot through the API, one after the other.
  const slotTime = await bookAndPay(browser);
  expect(slotTime).toMatch(/\d{2}:\d{2}/);
  for (const bay of ['Bay 2', 'Bay 3', 'Bay 4']) expect(await bookThroughApi(browser, slotTime)).toBe(bay);

  // The fifth customer sees that slot full: disabled, 'Not available', and no bay left.
  const third = await browser.newPage();
  const slots = await openDay(third);
  const full = slots.getByRole('button', { name: slotTime, exact: true });
  await expect(full).toHaveAttribute('aria-disabled', 'true');
  const fullItem = slots
    .getByRole('listitem')
    .filter({ has: third.getByRole('button', { name: slotTime, exact: true }) });
  await expect(fullItem).toContainText('0 of 4 bays free');
  await full.hover();
  await expect(third.getByRole('tooltip')).toHaveText('Not available');
  await third.close();

  // Booking Management shows the four bookings of that slot, one on each bay.
  await page.goto('/dashboard/admin/manage-bookings');
  const rows = page
    .getByRole('row')
    .filter({ hasText: SERVICE })
    .filter({ hasText: formatDay(openDayFromNow(DAYS_AHEAD).text) });
  await expect(rows).toHaveCount(4);
  for (const name of ['Bay 1', 'Bay 2', 'Bay 3', 'Bay 4']) await expect(rows.filter({ hasText: name })).toHaveCount(1);
});
