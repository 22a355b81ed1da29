import { expect, test } from '@playwright/test';

import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';
import { serviceId } from './support/catalogue';
import { mailsTo } from './support/outbox';

// The combo: 60 minutes and $45 for a saloon (the default class, priced as the service), $54 and 75 minutes for
// an SUV; with the SUV's pet hair removal ($35, 30 minutes) and interior shampoo ($45, 40 minutes) the job is
// $134 and 145 minutes, so on a day open 08:00–18:00 its last start is 15:30 instead of 17:00.
const SERVICE = 'Wash & Vacuum Combo';

test('a customer adds an SUV, picks two add-ons, sees the total and the times change, books and pays; the mail shows the car and the lines, and the owner finds it by plate', async ({
  page,
  browser,
}) => {
  const email = await registerThroughApi(page, 'Imran');
  await page.goto('/login');
  await logIn(page, email, CUSTOMER_PASSWORD);
  await expect(page.getByText('Successfully logged in')).toBeVisible();

  await page.goto(`/service/${await serviceId(page, SERVICE)}`);
  await expect(page.getByRole('heading', { name: SERVICE })).toBeVisible();
  const prices = page.getByRole('region', { name: 'Prices by vehicle' }).getByRole('table');
  await expect(prices.getByRole('row', { name: /SUV/ })).toContainText('$54');
  await pickDay(page.locator('.rdp-root'), openDayFromNow(12));
  const slots = page.getByRole('list', { name: 'Available slots' });
  await expect(slots.getByRole('button').last()).toHaveText(/^17:00/);

  // The SUV, added on the spot, becomes the vehicle the job is priced by.
  const yourVehicle = page.getByRole('region', { name: 'Your vehicle' });
  await yourVehicle.getByRole('button', { name: 'Add a vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a vehicle' });
  await dialog.getByLabel('Vehicle class').selectOption({ label: 'SUV' });
  await dialog.getByLabel('Make').fill('Toyota');
  await dialog.getByLabel('Model').fill('RAV4');
  await dialog.getByLabel('Plate (optional)').fill('e2e-4521');
  await dialog.getByRole('button', { name: 'Save vehicle' }).click();
  await expect(dialog).toBeHidden();
  await expect(yourVehicle.getByLabel('Vehicle or class').locator('option:checked')).toHaveText('Toyota RAV4 · SUV');

  await yourVehicle.getByLabel(/Pet hair removal/).check();
  await yourVehicle.getByLabel(/Interior shampoo/).check();
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote).toContainText('Pet hair removal');
  await expect(quote).toContainText('$134');
  await expect(quote).toContainText('145 minutes');
  // The times follow: the job must end by closing.
  await expect(slots.getByRole('button').last()).toHaveText(/^15:30/);

  await slots.getByRole('button').first().click();
  await page.getByRole('button', { name: 'Book This Service' }).click();
  await expect(page).toHaveURL('/proceed-booking');
  await expect(page.getByText(/\$134(\.00)?$/).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByText(/\$134(\.00)?/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?booking=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Interior shampoo').first()).toBeVisible();

  // The confirmation gives the car, each line and the total.
  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes('is confirmed')).length).toBe(1);
  const [confirmation] = mailsTo(email).filter((mail) => mail.includes('is confirmed'));
  for (const line of [
    /Vehicle:\s+Toyota RAV4, E2E4521/,
    /Class:\s+SUV/,
    new RegExp(`${SERVICE}:\\s+\\$54\\.00`),
    /Pet hair removal:\s+\$35\.00/,
    /Interior shampoo:\s+\$45\.00/,
    /Total:\s+\$134\.00/,
  ]) {
    expect(confirmation).toMatch(line);
  }

  // The owner finds it by the plate, typed as it reads.
  const office = await browser.newContext();
  const owner = await office.newPage();
  await owner.goto('/login');
  await logIn(owner, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(owner.getByText('Successfully logged in')).toBeVisible();
  await owner.goto('/dashboard/admin/manage-bookings');
  await owner.getByRole('searchbox', { name: 'Search' }).fill('e2e 4521');
  const rows = owner
    .getByRole('table')
    .getByRole('row')
    .filter({ has: owner.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Toyota RAV4 · E2E4521 · SUV');
  await expect(rows.first()).toContainText('+ Interior shampoo, Pet hair removal');
  await office.close();
});
