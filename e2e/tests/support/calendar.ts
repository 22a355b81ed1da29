import type { Locator } from '@playwright/test';

/** A day `offset` days from now in the browser's calendar, as YYYY-MM-DD and as a Date. */
export const dayFromNow = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const text = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { day, text };
};

/** Clicks a day in a react-day-picker calendar showing the current month, turning to the next month if needed. */
export async function pickDay(calendar: Locator, { day, text }: { day: Date; text: string }) {
  if (day.getMonth() !== new Date().getMonth()) {
    await calendar.getByRole('button', { name: /next month/i }).click();
  }
  await calendar.locator(`[data-day="${text}"] button`).click();
}
