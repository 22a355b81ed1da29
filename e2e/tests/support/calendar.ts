import type { Locator } from '@playwright/test';

/** A day `offset` days from now in the browser's calendar, as YYYY-MM-DD and as a Date. */
export const dayFromNow = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const text = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { day, text };
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
    await inMonth(shown).waitFor({ state: 'detached' });
  }
  await inMonth(text).locator('button').click();
}
