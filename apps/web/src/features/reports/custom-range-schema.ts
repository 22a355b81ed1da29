import { checkRange, fromDate, toDate } from '@carcare/contracts/report-dates';
import { z } from 'zod';

/** The overview's custom range: the API's own rules (order, at most two years), with both ends required. */
export const customRangeSchema = z.object({ from: fromDate, to: toDate }).superRefine(checkRange);

export type CustomRange = z.infer<typeof customRangeSchema>;
