import { randomInt } from 'node:crypto';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { REVIEW_MESSAGES, REVIEW_REQUEST_MESSAGES } from '@carcare/contracts/reviews-constants';
import { WEEKDAYS } from '@carcare/contracts/shop-settings-constants';
import { expect, type Page, test } from '@playwright/test';
import { CUSTOMER_PASSWORD, submitLogin, uniqueEmail } from './support/accounts';
import { chooseDeskService } from './support/front-desk';
import { linkIn, textsTo } from './support/texts';

// This journey runs on the second server of the configuration: a shop whose clock reads late morning, which asks
// for a review as soon as a job is done.
const SHOP = `http://127.0.0.1:${process.env.E2E_OPEN_SHOP_PORT}`;
const SHOP_DATA_DIR = process.env.E2E_OPEN_SHOP_DATA_DIR ?? '';
const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
const SERVICE = 'Express Exterior Wash';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminToken(page: Page) {
  const response = await page.request.post(`${SHOP}/api/auth/login`, { data: ADMIN });
  expect(response.status()).toBe(200);
  await page.context().clearCookies();
  return (await response.json()).accessToken as string;
}

/** Every day of the week open 08:00–18:00 (the demo closes on Sundays), and no closure: a car can come in today. */
async function openEveryDay(page: Page, token: string) {
  const workday = [{ start: '08:00', end: '18:00' }];
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, workday]));
  const changed = await page.request.put(`${SHOP}/api/settings`, { headers: bearer(token), data: { hours } });
  expect(changed.status()).toBe(200);
  const closures = await page.request.get(`${SHOP}/api/closures`, { headers: bearer(token) });
  for (const closure of (await closures.json()).data as Array<{ _id: string }>) {
    const removed = await page.request.delete(`${SHOP}/api/closures/${closure._id}`, { headers: bearer(token) });
    expect(removed.status()).toBe(200);
  }
}

test('a car brought in now is completed, its customer is asked by text for a review, and the review shows as verified', async ({
  browser,
  page,
}) => {
  // A walk-in starts at the next whole minute, which the journey waits for.
  test.setTimeout(150_000);
  const token = await adminToken(page);
  await openEveryDay(page, token);

  // A customer who takes texts.
  const email = uniqueEmail();
  const phone = `+1415555${String(randomInt(1000, 10000))}`;
  const registered = await page.request.post(`${SHOP}/api/auth/register/customer`, {
    data: {
      firstName: 'Rory',
      lastName: 'Gleam',
      email,
      address: '4 Harbour Street',
      password: CUSTOMER_PASSWORD,
      confirmPassword: CUSTOMER_PASSWORD,
      phone,
      textsAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();

  // The counter books the car in now and takes the cash.
  await page.goto(`${SHOP}/login`);
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/admin/);
  await page.goto(`${SHOP}/dashboard/admin/new-booking`);
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill(email);
  await page.getByRole('button', { name: 'Choose Rory Gleam' }).click();
  await chooseDeskService(page, SERVICE);
  await page.getByRole('radio', { name: 'Now — walk-in' }).check();
  await page.getByRole('radio', { name: 'At the counter' }).check();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const outcome = page.getByRole('status', { name: 'Booking made' });
  await expect(outcome).toBeVisible();
  await outcome.getByRole('button', { name: 'Take payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Take payment from Rory Gleam' });
  await payment.getByRole('radio', { name: 'Cash' }).check();
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();

  // A walk-in starts at the next whole minute; once it has, the day board marks the job completed.
  const found = await page.request.get(`${SHOP}/api/bookings?search=${encodeURIComponent(email)}`, {
    headers: bearer(token),
  });
  const [booking] = (await found.json()).data as Array<{
    _id: string;
    slot: { date: string; startTime: string; startsAt: string };
  }>;
  expect(booking).toBeDefined();
  const untilStart = Date.parse(booking?.slot.startsAt ?? '') - Date.now();
  if (untilStart > 0) await page.waitForTimeout(untilStart + 500);
  await page.goto(`${SHOP}/dashboard/admin/schedule`);
  await page.getByRole('button', { name: new RegExp(`^Rory Gleam, ${SERVICE}, .*Confirmed, Paid$`) }).click();
  await page
    .getByRole('dialog', { name: 'Rory Gleam' })
    .getByRole('button', { name: `Actions for Rory's booking on ${booking?.slot.date} at ${booking?.slot.startTime}` })
    .click();
  await page.getByRole('menuitem', { name: 'Mark completed' }).click();
  const confirm = page.getByRole('alertdialog', { name: BOOKING_MESSAGES.completePrompt('Rory') });
  await confirm.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText(BOOKING_MESSAGES.completed)).toBeVisible();

  // The review request arrives as a text with its link, once.
  await expect
    .poll(() => textsTo(phone, SHOP_DATA_DIR).filter((text) => text.includes('/review/')), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  const [request] = textsTo(phone, SHOP_DATA_DIR).filter((text) => text.includes('/review/'));
  const link = linkIn(request ?? '');
  expect(new URL(link).origin).toBe(SHOP);

  // On their own phone, signed out, the customer rates the visit from the link...
  const phoneBrowser = await browser.newContext();
  const customer = await phoneBrowser.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: new RegExp(`^How was your ${SERVICE} on `) })).toBeVisible();
  await expect(customer.getByText('Hi Rory,')).toBeVisible();
  await customer.getByRole('radio', { name: '5 stars' }).click();
  await customer.getByLabel('Your review').fill('In and out before my coffee went cold. Gleaming.');
  await customer.getByRole('button', { name: 'Submit Review' }).click();
  await expect(customer.getByRole('heading', { name: REVIEW_REQUEST_MESSAGES.thanks })).toBeVisible();

  // ...the link is spent...
  await customer.reload();
  await expect(customer.getByRole('heading', { name: REVIEW_REQUEST_MESSAGES.alreadyReviewedHeading })).toBeVisible();

  // ...and the review shows among the shop's reviews as a verified customer's.
  await customer.goto(`${SHOP}/testimonials`);
  const review = customer.getByRole('listitem').filter({ hasText: 'In and out before my coffee went cold. Gleaming.' });
  await expect(review).toHaveCount(1);
  await expect(review.getByText(REVIEW_MESSAGES.verified)).toBeVisible();
  await phoneBrowser.close();
});
