import { readFileSync } from 'node:fs';
import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { BookingStatus, PAYMENT_STATES } from '@carcare/contracts/bookings-constants';
import { formatDay, formatLongDay } from '@carcare/contracts/display-format';
import { BOOKING_EXPORT_COLUMNS } from '@carcare/contracts/reports-constants';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';

import { submitLogin as logIn } from './support/accounts';
import { dayFromNow, demoBookingDay, demoShopOpens, openDayFromNow } from './support/calendar';

// A regular of the demo shop whose bookings no other journey touches and do not depend on the hour the shop
// was seeded (the history's booking of today goes to another regular; the demo customer's phone is the one
// every customer registered by the journeys has).
const CUSTOMER = { firstName: 'Daniel', name: 'Daniel Okafor', email: 'daniel.okafor@example.com' };
const PHONE = '+8801511000404';
// Typed the way a person reads it out: the search matches the stored phone's digits.
const PHONE_TYPED = '+880 1511-000404';

/**
 * Daniel's demo bookings, newest first: the slot's day from today, the service, its price and how it went, and
 * what it was priced by: a vehicle class, an add-on (he keeps no car in a garage).
 */
const HIS_BOOKINGS: {
  days: number;
  service: string;
  price: string;
  status: BookingStatus;
  payment: (typeof PAYMENT_STATES)[number];
  vehicleClass?: string;
  addOn?: string;
}[] = [
  { days: 3, service: 'Engine Bay Cleaning', price: '89.00', status: 'confirm', payment: 'paid' },
  { days: -4, service: 'Leather Care Treatment', price: '99.00', status: 'completed', payment: 'paid' },
  {
    days: -9,
    service: 'Engine Bay Cleaning',
    price: '89.00',
    status: 'completed',
    payment: 'paid',
    vehicleClass: 'Sedan',
  },
  {
    days: -15,
    service: 'Premium Hand Wash & Wax',
    price: '105.00',
    status: 'cancel',
    payment: 'failed',
    addOn: 'Engine bay degrease',
  },
  { days: -20, service: 'Wheel & Tyre Detail', price: '60.00', status: 'cancel', payment: 'unpaid' },
  {
    days: -25,
    service: 'Wash & Vacuum Combo',
    price: '41.00',
    status: 'no_show',
    payment: 'paid',
    vehicleClass: 'Small car',
  },
];

const TIME = /^\d{2}:\d{2}$/;
// The shop's zone follows the times when the browser's clock is elsewhere.
const SLOT_TIMES = /^\d{2}:\d{2} - \d{2}:\d{2}( \S+)?$/;

/** A day as the schedule's heading writes it, in the shop's locale: Tuesday, Nov 24, 2026. */
/** Presses the day board's Next day from today's board until it shows `to`, a day at a time: the days walked. */
async function walkFromTodayTo(page: Page, to: { text: string }): Promise<number> {
  const days = Math.round((Date.parse(to.text) - Date.parse(dayFromNow(0).text)) / 86_400_000);
  for (let day = 1; day <= days; day++) {
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(`/dashboard/admin/schedule?date=${dayFromNow(day).text}`);
  }
  return days;
}

const longDay = (day: Date) =>
  formatLongDay(
    `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`,
  );

/** Booking Management's rows (the header row has no cells). */
const bookingRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Each row shows exactly Daniel's bookings, newest first, cell by cell. */
async function expectHisRows(rows: Locator) {
  await expect(rows).toHaveCount(HIS_BOOKINGS.length);
  for (const [index, booking] of HIS_BOOKINGS.entries()) {
    const cells = rows.nth(index).getByRole('cell');
    await expect(cells).toHaveCount(6);
    // One line each: full name, email and phone; service and bay; date and times.
    await expect(cells.nth(0).locator(':scope > div')).toHaveText([CUSTOMER.name, CUSTOMER.email, PHONE]);
    // The service, what it was priced by (its class, its add-ons), then the bay.
    await expect(cells.nth(1).locator(':scope > div')).toHaveText([
      booking.service,
      ...(booking.vehicleClass ? [booking.vehicleClass] : []),
      ...(booking.addOn ? [`+ ${booking.addOn}`] : []),
      'Bay 1',
    ]);
    await expect(cells.nth(2).locator(':scope > div')).toHaveText([
      formatDay((booking.days > 0 ? demoBookingDay : dayFromNow)(booking.days).text),
      SLOT_TIMES,
    ]);
    await expect(cells.nth(3)).toHaveText(paymentWord({ payment: booking.payment, refund: null }));
    await expect(cells.nth(4)).toHaveText(statusWord(booking.status));
    await expect(cells.nth(5)).toHaveText('');
  }
}

test("the owner finds a customer's bookings by phone, exports them, reads the overview and walks the day board", async ({
  page,
}) => {
  const today = dayFromNow(0);
  await page.goto('/login');
  await logIn(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page.getByText('Successfully logged in')).toBeVisible();

  // Booking Management, filtered by the customer's phone: his six bookings, and the filter is in the URL.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Booking Manage' }).click();
  await expect(page).toHaveURL('/dashboard/admin/manage-bookings');
  await expect(page.getByRole('heading', { name: 'Booking Management' })).toBeVisible();
  const rows = bookingRows(page);
  await expect(rows).toHaveCount(10);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(PHONE_TYPED);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(PHONE_TYPED);
  await expectHisRows(rows);

  await page.reload();
  await expect(search).toHaveValue(PHONE_TYPED);
  await expectHisRows(rows);

  // The CSV holds the same bookings, every one of them his, under the contract's header row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bookings-${today.text}.csv`);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(BOOKING_EXPORT_COLUMNS.join(','));
  const records: Record<string, string>[] = parse(csv, { columns: true });
  expect(records).toEqual(
    HIS_BOOKINGS.map((booking) => ({
      'Booking ID': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'Booked at': expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      Date: (booking.days > 0 ? demoBookingDay : dayFromNow)(booking.days).text,
      Start: expect.stringMatching(TIME),
      End: expect.stringMatching(TIME),
      Service: booking.service,
      Bay: 'Bay 1',
      Customer: CUSTOMER.name,
      Email: CUSTOMER.email,
      // A spreadsheet would read a leading + as a formula: the export neutralises it (decision 028).
      Phone: `'${PHONE}`,
      Status: statusWord(booking.status),
      Payment: paymentWord({ payment: booking.payment, refund: null }),
      Price: booking.price,
      Refunded: '',
      Currency: 'USD',
      Vehicle: '',
      Plate: '',
      Class: booking.vehicleClass ?? '',
      'Add-ons': booking.addOn ?? '',
      // The ledger's figures, and who booked it how: the customer, online, with no fee or note.
      Paid: expect.stringMatching(/^\d+\.\d{2}$/),
      Balance: expect.stringMatching(/^\d+\.\d{2}$/),
      Fees: '0.00',
      'Paid with': 'Online',
      'Booked by': 'Customer',
      'Customer note': '',
      'Cancel reason': expect.any(String),
    })),
  );

  // The Overview of the last 30 days: every headline figure is a number, and the demo shop earned and booked.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await sections.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL('/dashboard/admin/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${longDay(dayFromNow(-29).day)} – ${longDay(today.day)}`)).toBeVisible();
  const figures = {
    Revenue: /^\$[\d,]+(\.\d{2})?$/,
    Bookings: /^[\d,]+$/,
    Occupancy: /^\d+%$/,
    'No-show rate': /^\d+%$/,
    'New customers': /^[\d,]+$/,
    'Average rating': /^\d\.\d$/,
  };
  for (const [label, value] of Object.entries(figures)) {
    const card = page.getByRole('article', { name: label });
    await expect(card.getByRole('heading', { name: label })).toBeVisible();
    await expect(card.getByText(value)).toBeVisible();
  }
  const amount = async (label: string, value: RegExp) =>
    Number(
      ((await page.getByRole('article', { name: label }).getByText(value).textContent()) ?? '').replace(/[$,]/g, ''),
    );
  expect(await amount('Revenue', figures.Revenue)).toBeGreaterThan(0);
  expect(await amount('Bookings', figures.Bookings)).toBeGreaterThan(0);
  await expect(page.getByRole('article', { name: 'Bookings' })).toContainText(
    /[1-9]\d* completed · \d+ no-show · \d+ cancelled/,
  );

  // Each chart has its table: the revenue chart's lists the 30 days, and "Show as table" puts it on screen.
  const revenuePanel = page.getByRole('region', { name: 'Revenue per day' });
  await revenuePanel.getByRole('button', { name: 'Show as table' }).click();
  await expect(revenuePanel.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
  const perDay = revenuePanel.getByRole('table', { name: 'Revenue and bookings per day' });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('region', { name: 'Bookings per service' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demand by weekday and hour' })).toBeVisible();

  // Today's board: the bay's column and today's bookings; a booking opens in a dialog with its details. On a day
  // the shop is closed (a Sunday), the board says it holds no booking, and the shop's next open day is shown.
  await sections.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL('/dashboard/admin/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  await expect(page.getByText(longDay(today.day), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeDisabled();
  const bay = page.getByRole('list', { name: 'Bay 1' });
  const opensToday = demoShopOpens(today.day);
  const boardDay = opensToday ? today : openDayFromNow(1);
  if (!opensToday) {
    await expect(page.getByText('No bookings on this day.')).toBeVisible();
    await expect(bay.getByRole('button')).toHaveCount(0);
    await walkFromTodayTo(page, boardDay);
  }
  const todays = bay.getByRole('button');
  await expect(todays.first()).toBeVisible();
  const label = (await todays.first().getAttribute('aria-label')) ?? '';
  // The car comes after the service when the booking was priced by one: its plate and class.
  expect(label).toMatch(/^[^,]+, [^,]+(, [^,]+)?, \d{2}:\d{2}–\d{2}:\d{2}, [A-Za-z -]+, [A-Za-z ]+$/);
  const parts = label.split(', ');
  const [customer, service] = parts;
  const span = parts.find((part) => /^\d{2}:\d{2}–\d{2}:\d{2}$/.test(part));
  await todays.first().click();
  const details = page.getByRole('dialog', { name: customer });
  await expect(details).toContainText(`${service}, ${longDay(boardDay.day)} ${span}`);
  await expect(details.getByRole('definition').first()).toHaveText('Bay 1');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(todays.first()).toBeFocused();

  // The next day the shop opens (the day after a Saturday is a Monday): the demo customer's and a regular's paid
  // bookings; a confirmed one offers Booking Management's actions (not yet the outcome ones, its slot has not
  // started).
  const next = demoBookingDay(1);
  if (!opensToday) {
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByText(longDay(today.day), { exact: true })).toBeVisible();
  }
  const daysOn = await walkFromTodayTo(page, next);
  await expect(page.getByText(longDay(next.day), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeEnabled();
  const demo = bay.getByRole('button', {
    name: /^Demo Customer, Premium Hand Wash & Wax, DHK1187 · Sedan, \d{2}:\d{2}–\d{2}:\d{2}, Confirmed, Paid$/,
  });
  await expect(demo).toBeVisible();
  // Alone on the bay the day after an open day; a day later, or after a closed day, the bookings of that day (or
  // those the closed day sent on) join them.
  if (daysOn === 1 && opensToday) await expect(bay.getByRole('button')).toHaveCount(2);
  await expect(
    bay.getByRole('button', {
      name: /^Amelia Brooks, Leather Care Treatment, \d{2}:\d{2}–\d{2}:\d{2}, Confirmed, Paid$/,
    }),
  ).toBeVisible();
  await demo.click();
  const booking = page.getByRole('dialog', { name: 'Demo Customer' });
  await expect(booking).toContainText('customer@carcare.local');
  await booking.getByRole('button', { name: new RegExp(`^Actions for Demo's booking on ${next.text} at `) }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Payments and notes',
    'Reschedule',
    'Cancel with refund',
    'Cancel without refund',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();

  // And back to today.
  for (let day = daysOn - 1; day >= 0; day--) {
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(
      day === 0 ? '/dashboard/admin/schedule' : `/dashboard/admin/schedule?date=${dayFromNow(day).text}`,
    );
  }
  await expect(page.getByText(longDay(today.day), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today' })).toBeDisabled();
  if (opensToday) await expect(todays.first()).toHaveAttribute('aria-label', label);
  else await expect(todays).toHaveCount(0);
});
