import { paymentPolicySchema, type WeeklyHours, weeklyHoursSchema } from '@carcare/contracts/shop-settings';
import { compactHours } from '@/components/forms/weekly-hours';
import { policySummary } from '../payment-terms';
import { closureDays } from './closure-days';

type ClosureValue = { startDate: string; endDate: string; reason: string };

const isClosure = (value: unknown): value is ClosureValue =>
  typeof value === 'object' &&
  value !== null &&
  'startDate' in value &&
  'endDate' in value &&
  typeof value.startDate === 'string' &&
  typeof value.endDate === 'string';

/**
 * A setting's value before or after a change, as a person reads it: a week of hours in one line, a closure
 * by its reason and days, the payment terms in one line (amounts by `money`), 'none' for nothing.
 */
export function changeValueText(
  setting: string,
  value: unknown,
  day: (date: string) => string,
  money: (dollars: number) => string = String,
): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (setting === 'paymentPolicy') {
    const policy = paymentPolicySchema.safeParse(value);
    if (policy.success) return policySummary(policy.data, money);
  }
  if (setting === 'hours') {
    const hours = weeklyHoursSchema.safeParse(value);
    if (hours.success) return compactHours(hours.data as WeeklyHours);
  }
  if (isClosure(value)) {
    const reason = 'reason' in value && typeof value.reason === 'string' ? `${value.reason}, ` : '';
    return `${reason}${closureDays(value, day)}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
