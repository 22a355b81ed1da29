import type { Booking } from '@carcare/contracts/bookings';
import type { Schedule } from '@carcare/contracts/reports';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { submitLogin } from './support/accounts';
import { demoBookingDay } from './support/calendar';

/** The shop's laptop: 1280 px wide, the admin sidebar open beside the page. */
test.use({ viewport: { width: 1280, height: 800 } });

const PX_PER_MINUTE = 16 / 15;

async function signInAsShop(page: Page) {
  await page.goto('/login');
  await submitLogin(page, process.env.E2E_ADMIN_EMAIL ?? '', process.env.E2E_ADMIN_PASSWORD ?? '');
  await expect(page.getByText('Successfully logged in')).toBeVisible();
}

/**
 * A booking as the day board receives it, from the first of the demo's coming days that has one, asked with the
 * board's own credentials: the shape the board test dresses as its own bookings, whichever day it runs on and
 * whatever the other journeys changed.
 */
async function aBookingOnTheBoard(page: Page, authorization: string): Promise<Booking> {
  for (let offset = 1; offset <= 14; offset++) {
    const day = demoBookingDay(offset).text;
    const response = await page.request.get(`/api/admin/schedule?date=${day}`, { headers: { authorization } });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: Schedule };
    expect(data.timeZone).toBe('UTC');
    const [booking] = data.bookings;
    if (booking) return booking;
  }
  throw new Error('the demo shop has no booking in the coming two weeks');
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

test('Booking Management is in the sidebar and shows whole rows, full names, status and actions at 1280 px', async ({
  page,
}) => {
  await signInAsShop(page);
  await page.goto('/dashboard/admin');
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await sections.getByRole('link', { name: 'Booking Management' }).click();
  await expect(page).toHaveURL('/dashboard/admin/manage-bookings');
  await expect(sections.getByRole('link', { name: 'Booking Management' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Booking Management', level: 1 })).toBeVisible();

  const table = page.getByRole('table');
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(10);

  // Neither the table nor the page scrolls sideways.
  const widths = await table.evaluate((element) => {
    const container = element.parentElement as HTMLElement;
    return {
      table: element.scrollWidth,
      container: container.clientWidth,
      containerScroll: container.scrollWidth,
      document: document.documentElement.scrollWidth,
    };
  });
  expect(widths.table).toBeLessThanOrEqual(widths.container);
  expect(widths.containerScroll).toBeLessThanOrEqual(widths.container);
  expect(widths.document).toBeLessThanOrEqual(1280);

  // Every row names its customer in full, untruncated, and its status badge is on screen.
  for (let index = 0; index < 10; index += 1) {
    const row = rows.nth(index);
    const name = row.locator('[data-part="name"]');
    await expect(name).toHaveText(/^\S+ \S+/);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const status = await boxOf(row.getByRole('cell').nth(4).locator('[data-slot="badge"]'));
    expect(status.x + status.width).toBeLessThanOrEqual(1280);
  }
  // A confirmed booking's actions button is on screen too.
  const actions = table.getByRole('button', { name: /^Actions for / }).first();
  await expect(actions).toBeVisible();
  const button = await boxOf(actions);
  expect(button.x + button.width).toBeLessThanOrEqual(1280);
});

test('the day board at 13:05 on an open day keeps bookings in their bays, the now line over them', async ({ page }) => {
  await signInAsShop(page);
  const tomorrow = demoBookingDay(1).text;
  // The e2e shop keeps UTC (no BUSINESS_TIMEZONE): its wall-clock times are UTC times.
  const at = (time: string) => new Date(`${tomorrow}T${time}:00.000Z`).toISOString();
  let template: Booking | undefined;
  // Bookings of our own in two bays, one of them half an hour long with a long name; the rest is the real day.
  await page.route('**/api/admin/schedule**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Schedule };
    template ??= await aBookingOnTheBoard(page, (await route.request().allHeaders()).authorization ?? '');
    const base = template;
    // Five bays: each column at its narrowest (11 rem), as a busy shop's board is.
    const bays = ['Wash Bay', 'Detail Bay', 'Bay C', 'Bay D', 'Bay E'].map((name, index) => ({
      _id: `b4a70000-0000-4000-8000-0000000000e${index}`,
      name,
      active: true,
    }));
    const booking = (id: string, bay: (typeof bays)[number], [startTime, endTime]: [string, string]): Booking => ({
      ...base,
      _id: id,
      customer: { ...base.customer, firstName: 'Maximilian', lastName: 'Hartmann' },
      slot: { ...base.slot, date: tomorrow, startTime, endTime, startsAt: at(startTime), endsAt: at(endTime) },
      // The board draws a booking over the time it holds its bay.
      bayHeld: { from: at(startTime), until: at(endTime) },
      bay: { _id: bay._id, name: bay.name },
    });
    const [wash, detail] = bays as [(typeof bays)[number], (typeof bays)[number]];
    body.data = {
      ...body.data,
      opensAt: '09:00',
      closesAt: '17:00',
      bays,
      bookings: [
        booking('9a0d3a1e-0000-4000-8000-0000000000e1', wash, ['12:00', '14:00']),
        booking('9a0d3a1e-0000-4000-8000-0000000000e2', detail, ['13:00', '13:30']),
      ],
    };
    await route.fulfill({ response, json: body });
  });
  // The browser's clock at 13:05 tomorrow in the shop: the board opens on that day, the shop open.
  await page.clock.setFixedTime(new Date(at('13:05')));
  await page.goto('/dashboard/admin/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();

  const washBay = page.getByRole('list', { name: 'Wash Bay' });
  const detailBay = page.getByRole('list', { name: 'Detail Bay' });
  const long = washBay.getByRole('button', { name: /^Maximilian Hartmann, .*, 12:00–14:00, / });
  const short = detailBay.getByRole('button', { name: /^Maximilian Hartmann, .*, 13:00–13:30, / });
  await expect(long).toBeVisible();
  await expect(short).toBeVisible();
  const now = page.getByRole('img', { name: 'Current time 13:05' });
  await expect(now).toBeAttached();

  const wash = await boxOf(washBay);
  const detail = await boxOf(detailBay);
  const header = await boxOf(page.getByText('Wash Bay', { exact: true }));
  // The bays' columns start right under their names: the line took no row of its own.
  expect(Math.abs(wash.y - (header.y + header.height))).toBeLessThan(2);
  expect(detail.y).toBeCloseTo(wash.y, 0);
  expect(detail.x).toBeGreaterThan(wash.x);

  // Each booking in its bay's column, at its time.
  const longBox = await boxOf(long);
  const shortBox = await boxOf(short);
  expect(longBox.x).toBeGreaterThanOrEqual(wash.x);
  expect(longBox.x + longBox.width).toBeLessThanOrEqual(wash.x + wash.width);
  expect(longBox.y).toBeCloseTo(wash.y + 180 * PX_PER_MINUTE, 0);
  expect(shortBox.x).toBeGreaterThanOrEqual(detail.x);
  expect(shortBox.x + shortBox.width).toBeLessThanOrEqual(detail.x + detail.width);
  expect(shortBox.y).toBeCloseTo(detail.y + 240 * PX_PER_MINUTE, 0);

  // The line is drawn over the bays, across both columns, at 13:05.
  const overlay = await boxOf(now);
  expect(overlay.y).toBeCloseTo(wash.y, 0);
  expect(overlay.height).toBeCloseTo(wash.height, 0);
  const line = await boxOf(now.locator(':scope > div'));
  expect(line.y).toBeCloseTo(wash.y + 245 * PX_PER_MINUTE, 0);
  expect(line.x).toBeCloseTo(wash.x, 0);
  expect(line.width).toBeGreaterThan(wash.width + detail.width);

  // The half-hour booking shows its customer's whole name.
  const name = short.getByText('Maximilian Hartmann', { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
