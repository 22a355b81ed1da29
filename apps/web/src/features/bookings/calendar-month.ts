import { CALENDAR_MAX_DAYS } from '@carcare/contracts/shop-settings-constants';
import { addDays, endOfMonth } from 'date-fns';
import { dayToText, textToDay } from './business-date';

/** The first day (YYYY-MM-DD) of the month a day falls in. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The calendar range of the month a day falls in, first to last day: what one page of the calendar asks. */
export const monthRange = (day: string) => ({
  from: monthStart(day),
  to: dayToText(endOfMonth(textToDay(monthStart(day)))),
});

/** The longest range after a day that one calendar request covers: where Next available looks. */
export const rangeAfter = (day: string) => {
  const from = addDays(textToDay(day), 1);
  return { from: dayToText(from), to: dayToText(addDays(from, CALENDAR_MAX_DAYS - 1)) };
};
