import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDate } from './business-time';

/** The day as the date library reckons it: the instant in the zone, whole calendar days on, formatted. */
const libraryDay = (timeZone: string, now: Date, offsetDays: number) =>
  format(addDays(new TZDate(now.getTime(), timeZone), offsetDays), 'yyyy-MM-dd');

/**
 * Zones whose clocks do what shops' clocks do: change by an hour at night (New York, London), at midnight
 * (Santiago, whose midnight is skipped in spring), by half an hour (Lord Howe), never (Kolkata, UTC), or stand
 * fourteen hours ahead (Kiritimati) or eleven behind (Pago Pago).
 */
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

describe('businessDate', () => {
  it('is the day of the instant in the shop’s zone, at the moments around midnight and the clock changes', () => {
    // New York, 2026-03-08: the clocks go from 02:00 to 03:00; 2026-11-01 from 02:00 back to 01:00.
    expect(businessDate('America/New_York', new Date('2026-03-08T06:59:59Z'))).toBe('2026-03-08');
    expect(businessDate('America/New_York', new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(businessDate('America/New_York', new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(businessDate('America/New_York', new Date('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(businessDate('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    // Santiago, 2026-09-06: midnight does not happen, the day starts at 01:00 (04:00 UTC).
    expect(businessDate('America/Santiago', new Date('2026-09-06T03:59:59Z'))).toBe('2026-09-05');
    expect(businessDate('America/Santiago', new Date('2026-09-06T04:00:00Z'))).toBe('2026-09-06');
    // A day on from the evening before Santiago's change (23:30 there), across the year's end, to a leap day.
    expect(businessDate('America/Santiago', new Date('2026-09-05T03:30:00Z'), 1)).toBe('2026-09-05');
    expect(businessDate('Europe/London', new Date('2026-12-31T23:59:59Z'), 1)).toBe('2027-01-01');
    expect(businessDate('Pacific/Kiritimati', new Date('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
    expect(businessDate('Pacific/Pago_Pago', new Date('2027-01-01T10:00:00Z'), -1)).toBe('2026-12-30');
    expect(businessDate('UTC', new Date('2028-02-28T12:00:00Z'), 1)).toBe('2028-02-29');
  });

  it('agrees with the date library for any instant, zone and number of days on or back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        // Instants from 2020 to 2040, to the second.
        fc.integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2040, 0, 1) / 1000 }),
        fc.integer({ min: -400, max: 400 }),
        (timeZone, seconds, offsetDays) => {
          const now = new Date(seconds * 1000);
          expect(businessDate(timeZone, now, offsetDays)).toBe(libraryDay(timeZone, now, offsetDays));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a zone that is not one, and keeps answering for real ones after', () => {
    expect(() => businessDate('Mars/Olympus_Mons', new Date('2026-11-28T12:00:00Z'))).toThrow(RangeError);
    expect(businessDate('Asia/Kolkata', new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
  });
});
