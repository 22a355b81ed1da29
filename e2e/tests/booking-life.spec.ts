import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDay } from '@carcare/contracts/display-format';
import { expect, type Page, test } from '@playwright/test';

import { CUSTOMER_PASSWORD, submitLogin as logIn, registerThroughApi } from './support/accounts';
import { openDayFromNow, pickDay } from './support/calendar';

// A service and a day that no other journey books: past the demo shop's bookings and the cut-off.
const SERVICE = 'Interior Vacuum & Wipe';
const DAYS_AHEAD = 11;

/** The subjects of the mails written to the outbox for `email` (quoted-printable soft breaks undone). */
function subjectsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`))
    .map((mail) => mail.replace(/\r?\n[ \t]/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? '');
}

async function serviceId(page: Page) {
  const body: { data: { _id: string; name: string }[] } = await (
    await page.request.get('/api/services/g/names')
  ).json();
  const service = body.data.find((entry) => entry.name === SERVICE);
  if (!service) throw new Error(`No seeded service named ${SERVICE}`);
  return service._id;
}

test('a customer pays, reschedules, adds the booking to a calendar, cancels and gets the refund and the emails', async ({
  page,
}) => {
  const email = await registerThroughApi(page);
  const target = openDayFromNow(DAYS_AHEAD);

  // Book the day's first free slot and pay for it.
  await page.goto(`/service/${await serviceId(page)}`);
  await pickDay(page.locator('.rdp-root'), target);
  const daySlots = page.getByRole('list', { name: 'Available slots' });
  const first = daySlots.locator('button[aria-pressed="false"]').first();
  const bookedTime = (await first.textContent()) ?? '';
  await first.click();
  await page.getByRole('button', { name: 'Book This Service' }).click();
  await logIn(page, email, CUSTOMER_PASSWORD);
  await expect(page).toHaveURL('/proceed-booking');
  await page.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  // Move it to another slot of that day.
  await page.goto('/dashboard/user/my-bookings');
  const card = page.getByRole('article', { name: SERVICE });
  await expect(card.getByText(bookedTime)).toBeVisible();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const moving = page.getByRole('dialog', { name: 'Move this booking' });
  await expect(moving.getByRole('heading', { name: `Available slots on ${formatDay(target.text)}` })).toBeVisible();
  const other = moving.getByRole('list', { name: 'Available slots' }).locator('button[aria-pressed="false"]').first();
  const movedTime = (await other.textContent()) ?? '';
  expect(movedTime).not.toBe(bookedTime);
  await other.click();
  await moving.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.getByText('Booking moved to the new slot')).toBeVisible();
  await expect(moving).toBeHidden();
  await expect(card.getByText(movedTime)).toBeVisible();

  // Add it to a calendar: the .ics carries the new time.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync(await file.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:${SERVICE} at CarCare`);
  expect(ics).toContain(`DTSTART:${target.text.replaceAll('-', '')}T${movedTime.slice(0, 5).replace(':', '')}00Z`);

  // Cancel it: refunded in full.
  await card.getByRole('button', { name: 'Cancel' }).click();
  const cancelling = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(cancelling).toContainText('You will be refunded $35 in full.');
  await cancelling.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  // What happened to the money, not 'paid'; nothing left to count down; among the past bookings.
  await expect(card.getByText('Refunded $35', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toHaveCount(0);
  await expect(card.getByText(/Ends in|Slot ended/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Past' }).getByRole('article', { name: SERVICE })).toBeVisible();

  // The emails of the booking's whole life are in the outbox.
  await expect.poll(() => subjectsTo(email).length, { timeout: 10_000 }).toBe(3);
  expect(subjectsTo(email)).toEqual(
    expect.arrayContaining([
      `CarCare: your ${SERVICE} on ${formatDay(target.text)} at ${bookedTime.slice(0, 5)} is confirmed`,
      `CarCare: your ${SERVICE} has moved to ${formatDay(target.text)} at ${movedTime.slice(0, 5)}`,
      `CarCare: your ${SERVICE} on ${formatDay(target.text)} at ${movedTime.slice(0, 5)} is cancelled`,
    ]),
  );
});
