import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatInstantDay,
  formatInstantMoment,
  formatLongDay,
  formatShortDay,
  formatSlotTimes,
  wallClockInstant,
  zoneShortName,
} from './display-format';

describe('the one date format', () => {
  it("writes a day in the shop's locale, the same whatever the device's zone", () => {
    expect(formatDay('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatDay('2026-11-26', 'en-GB')).toBe('26 Nov 2026');
    expect(formatDay('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it("writes an instant's day as it falls in the shop's time zone", () => {
    // 23:30 UTC on the 25th is already the 26th in Dhaka, still the 25th in New York.
    expect(formatInstantDay('2026-11-25T23:30:00Z', 'Asia/Dhaka')).toBe('Nov 26, 2026');
    expect(formatInstantDay('2026-11-25T23:30:00Z', 'America/New_York')).toBe('Nov 25, 2026');
    expect(formatInstantDay('2025-01-15T03:00:00.000Z', 'America/New_York')).toBe('Jan 14, 2025');
    expect(formatInstantDay('garbage', 'UTC')).toBe('');
  });

  it('writes a recent instant by its day without the year and its 24-hour time, where the shop is', () => {
    expect(formatInstantMoment('2026-11-26T10:04:00Z', 'UTC')).toBe('Nov 26, 10:04');
    expect(formatInstantMoment('2026-11-25T23:30:00Z', 'Asia/Dhaka')).toBe('Nov 26, 05:30');
    expect(formatInstantMoment('2026-11-26T00:05:00Z', 'UTC', 'en-GB')).toBe('26 Nov, 00:05');
    expect(formatInstantMoment('garbage', 'UTC')).toBe('');
  });

  it('heads a page with the weekday before the same format, and drops only the year on a chart axis', () => {
    expect(formatLongDay('2026-11-26')).toBe('Thursday, Nov 26, 2026');
    expect(formatLongDay('2026-11-26', 'en-GB')).toBe('Thursday, 26 Nov 2026');
    expect(formatShortDay('2026-11-26')).toBe('Nov 26');
    expect(formatShortDay('2026-11-26', 'en-GB')).toBe('26 Nov');
    expect(formatLongDay('not a day')).toBe('not a day');
  });
});

describe('slot times', () => {
  const slot = { date: '2026-11-26', startTime: '10:00', endTime: '11:00', startsAt: '2026-11-26T15:00:00.000Z' };

  it("say nothing of the zone when the reader's clock is the shop's", () => {
    expect(formatSlotTimes(slot)).toBe('10:00 - 11:00');
    expect(formatSlotTimes(slot, { timeZone: 'America/New_York', viewerTimeZone: 'America/New_York' })).toBe(
      '10:00 - 11:00',
    );
    // Another name for the same clock on that day.
    expect(formatSlotTimes(slot, { timeZone: 'America/New_York', viewerTimeZone: 'America/Toronto' })).toBe(
      '10:00 - 11:00',
    );
  });

  it("name the shop's zone when the reader is elsewhere", () => {
    expect(formatSlotTimes(slot, { timeZone: 'America/New_York', viewerTimeZone: 'Europe/Paris' })).toBe(
      '10:00 - 11:00 EST',
    );
    expect(
      formatSlotTimes(
        { ...slot, startsAt: '2026-11-26T04:00:00.000Z' },
        { timeZone: 'Asia/Dhaka', viewerTimeZone: 'UTC' },
      ),
    ).toBe('10:00 - 11:00 GMT+6');
  });

  it('find the instant of a slot that carries only its day and times, across daylight saving', () => {
    expect(wallClockInstant('2026-07-01', '10:00', 'America/New_York').toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(wallClockInstant('2026-12-01', '10:00', 'America/New_York').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(wallClockInstant('2026-03-08', '03:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(
      formatSlotTimes(
        { date: '2026-07-01', startTime: '10:00', endTime: '11:00' },
        { timeZone: 'America/New_York', viewerTimeZone: 'UTC' },
      ),
    ).toBe('10:00 - 11:00 EDT');
    expect(zoneShortName('2026-07-01T14:00:00Z', 'UTC')).toBe('UTC');
  });
});
