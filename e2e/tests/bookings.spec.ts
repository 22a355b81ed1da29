import { formatDay } from '@carcare/contracts/display-format';
import { expect, type Page, test } from '@playwright/test';

import { submitLogin as logIn, CUSTOMER_PASSWORD as password, registerThroughApi } from './support/accounts';
import { dayFromNow, openDayFromNow, pickDay } from './support/calendar';
import { serviceId } from './support/catalogue';

const slotList = (page: Page) => page.getByRole('list', { name: 'Available slots' });

/** The visitor chooses a day and the first free slot, books and signs in; ends on the sandbox checkout page. */
async function bookFirstFreeSlot(page: Page, serviceName: string, offset: number) {
  const email = await registerThroughApi(page);
  const id = await serviceId(page, serviceName);
  const target = openDayFromNow(offset);
  const { text } = target;

  await page.goto(`/service/${id}`);
  await expect(page.getByRole('heading', { name: serviceName })).toBeVisible();
  const book = page.getByRole('button', { name: 'Book This Service' });
  await expect(book).toBeDisabled();
  await pickDay(page.locator('.rdp-root'), target);
  await expect(page.getByRole('heading', { name: `Available slots on ${formatDay(text)}` })).toBeVisible();
  const slot = slotList(page).locator('button[aria-pressed="false"]').first();
  const slotTime = (await slot.textContent()) ?? '';
  await slot.click();
  await expect(slotList(page).getByRole('button', { name: slotTime })).toHaveAttribute('aria-pressed', 'true');
  await expect(book).toBeEnabled();
  await book.click();

  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page).toHaveURL('/proceed-booking');
  const summary = page.getByRole('region', { name: 'Your booking' });
  await expect(summary.getByRole('definition').filter({ hasText: serviceName })).toBeVisible();
  await expect(summary.getByText(slotTime)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Farah Karim');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();

  await expect(page).toHaveURL(/\/pay\//);
  return { id, day: target.day, text, slotTime };
}

test('a visitor books a slot, signs in when asked, pays and sees the confirmed booking counting down', async ({
  page,
}) => {
  const serviceName = 'Wheel & Tyre Detail';
  const { text, slotTime } = await bookFirstFreeSlot(page, serviceName, 2);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/success\?booking=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  const outcome = page.getByRole('definition');
  await expect(outcome.filter({ hasText: serviceName })).toBeVisible();
  await expect(outcome.filter({ hasText: formatDay(text) })).toBeVisible();
  await expect(outcome.filter({ hasText: 'Confirmed' })).toBeVisible();
  await expect(outcome.filter({ hasText: 'Paid' })).toBeVisible();

  await page.getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL('/dashboard/user/my-bookings');
  const card = page.getByRole('article', { name: serviceName });
  await expect(
    page.getByRole('region', { name: 'Upcoming' }).getByRole('article', { name: serviceName }),
  ).toBeVisible();
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(slotTime)).toBeVisible();
  const countdown = card.getByText(/^\d+d \d{2}h \d{2}m \d{2}s$/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);

  await page.goto('/');
  const nextSlot = page.getByRole('banner').getByText(/^Next Slot: days \d+, hours \d+, minutes \d+, seconds \d+$/);
  await expect(nextSlot).toBeVisible();
  const firstTick = await nextSlot.textContent();
  await expect.poll(() => nextSlot.textContent(), { timeout: 5000 }).not.toBe(firstTick);

  // Having paid for a booking, the customer's review is marked verified.
  const comment = `Wheels like new after my paid detail ${Date.now()}`;
  await page.goto('/testimonials');
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Your review').fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: comment });
  await expect(review.getByText('Verified customer')).toBeVisible();
});

test('a visitor who cancels the payment sees it failed and the slot free again', async ({ page }) => {
  const serviceName = 'Engine Bay Cleaning';
  const { id, day, text, slotTime } = await bookFirstFreeSlot(page, serviceName, 3);
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/payment\/failed\?booking=/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Bookings' })).toBeVisible();

  await page.goto(`/service/${id}`);
  await pickDay(page.locator('.rdp-root'), { day, text });
  await expect(page.getByRole('heading', { name: `Available slots on ${formatDay(text)}` })).toBeVisible();
  const freed = slotList(page).getByRole('button', { name: slotTime });
  await expect(freed).toHaveAttribute('aria-pressed', 'false');
  await expect(freed).not.toHaveAttribute('aria-disabled', 'true');
});

test('an administrator creates slots, cancels one and makes it available again', async ({ page }) => {
  const adminEmail = process.env.E2E_ADMIN_EMAIL ?? '';
  const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? '';
  await page.goto('/login');
  await logIn(page, adminEmail, adminPassword);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await page.goto('/dashboard/admin/manage-slots');
  await expect(page.getByRole('heading', { name: 'Slot Management' })).toBeVisible();
  await expect(page.getByText('Manage slots to get booking')).toBeVisible();

  await page.getByRole('button', { name: 'Create New Slot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Slot' });
  await dialog.getByRole('button', { name: 'Create Slot' }).click();
  await expect(dialog.getByText('Please select a service for slot')).toBeVisible();

  await dialog.getByLabel('Service').click();
  await page.getByRole('option', { name: 'Wash & Vacuum Combo' }).click();
  const datePicker = dialog.getByRole('button', { name: 'Date' });
  await expect(datePicker).toHaveText('Pick a date');
  await datePicker.click();
  const tomorrow = dayFromNow(1);
  const { text } = tomorrow;
  await pickDay(page.locator('.rdp-root'), tomorrow);
  await expect(datePicker).toHaveText(/^[A-Z][a-z]{2} \d{2} \d{4}$/);
  await dialog.getByLabel('Start Time').click();
  await page.getByRole('option', { name: '19:00' }).click();
  await dialog.getByLabel('End Time').click();
  await page.getByRole('option', { name: '21:00' }).click();
  await dialog.getByRole('button', { name: 'Create Slot' }).click();

  await expect(page.getByText('Successfully created service')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Slot Management opens on today's times and the hours' own: narrow it to that day's hand-made times.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByLabel('Date').fill(text);
  await filters.getByRole('combobox', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'Hand-made' }).click();
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(2);
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Wash & Vacuum Combo' })
    .filter({ hasText: formatDay(text) })
    .filter({ hasText: '19:0020:00' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Hand-made');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: formatDay(text) })
      .filter({ hasText: '20:0021:00' }),
  ).toHaveCount(1);

  await row.getByRole('button', { name: /^Cancel slot/ }).click();
  await expect(row.getByRole('button', { name: /^Make Available slot/ })).toBeVisible();
  await row.getByRole('button', { name: /^Make Available slot/ }).click();
  await expect(row.getByRole('button', { name: /^Cancel slot/ })).toBeVisible();
});
