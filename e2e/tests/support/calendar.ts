import { expect, type Locator } from '@playwright/test';

/** A day `offset` days from now in the browser's calendar, as YYYY-MM-DD and as a Date. */
export const dayFromNow = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const text = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { day, text };
};

/**
 * Whether the demo shop opens on a day: Monday to Saturday, but not on Christmas or Boxing Day (its hours and
 * holiday, as `apps/api/src/app/demo-shop.ts` sets them up).
 */
export const demoShopOpens = (day: Date) =>
  day.getDay() !== 0 && !(day.getMonth() === 11 && (day.getDate() === 25 || day.getDate() === 26));

/**
 * The `count`-th day the demo shop opens after today (1: its next open day), so that journeys booking
 * different counts ahead still book different days, and never a closed one.
 */
export const openDayFromNow = (count: number) => {
  let offset = 0;
  for (let seen = 0; seen < count; ) {
    offset += 1;
    if (demoShopOpens(dayFromNow(offset).day)) seen += 1;
  }
  return dayFromNow(offset);
};

/** The demo's bookings `offset` days ahead fall on that day, or on the next the shop opens when it is closed. */
export const demoBookingDay = (offset: number) => {
  let shifted = offset;
  while (offset > 0 && !demoShopOpens(dayFromNow(shifted).day)) shifted += 1;
  return dayFromNow(shifted);
};

/**
 * Clicks a day in a react-day-picker calendar, turning its months until the day's month shows: a service's
 * calendar opens on the month of its first day with a free time, which is not always the current one.
 */
export async function pickDay(calendar: Locator, { text }: { day: Date; text: string }) {
  const inMonth = (day: string) => calendar.locator(`td[data-day="${day}"]:not([data-outside])`);
  for (let turn = 0; turn < 12 && (await inMonth(text).count()) === 0; turn++) {
    const shown = await calendar.locator('td[data-day]:not([data-outside])').first().getAttribute('data-day');
    if (!shown) break;
    await calendar.getByRole('button', { name: shown < text ? /next month/i : /previous month/i }).click();
    // The month turns at once: a press that did not turn it fails here, not at the test's timeout.
    await expect(inMonth(shown)).toHaveCount(0);
  }
  await inMonth(text).locator('button').click();
}
