import type { z } from 'zod';
import { calendarDate } from './fields';
import { MAX_REPORT_DAYS, REPORT_MESSAGES } from './reports-constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export const fromDate = calendarDate({
  required: REPORT_MESSAGES.fromInvalid,
  invalid: REPORT_MESSAGES.fromInvalid,
  field: 'from',
});
export const toDate = calendarDate({
  required: REPORT_MESSAGES.toInvalid,
  invalid: REPORT_MESSAGES.toInvalid,
  field: 'to',
});

export type DateRange = { from?: string | undefined; to?: string | undefined };

/** from ≤ to, and at most MAX_REPORT_DAYS apart, each refusal named on the field it concerns. */
export const checkRange = (range: DateRange, context: z.RefinementCtx) => {
  if (!range.from || !range.to) return;
  if (range.from > range.to) {
    context.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.rangeReversed });
  } else if (daysInRange(range.from, range.to) > MAX_REPORT_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
  }
};
