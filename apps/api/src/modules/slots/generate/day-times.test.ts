import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { describe, expect, it } from 'vitest';
import { type DayTimesInput, dayShape, dayTimes, firstInstantOf, weekdayOf } from './day-times';
import { bookingWindow } from './ensure-days';

const closed: WeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

const week = (ranges: Array<[string, string]>): WeeklyHours =>
  Object.fromEntries(
    Object.keys(closed).map((day) => [day, ranges.map(([start, end]) => ({ start, end }))]),
  ) as WeeklyHours;

const input = (overrides: Partial<DayTimesInput>): DayTimesInput => ({
  // A Wednesday.
  date: '2026-06-10',
  timeZone: 'UTC',
  hours: week([['08:00', '12:00']]),
  serviceHours: null,
  closures: [],
  stepMinutes: 30,
  durationMinutes: 60,
  bufferMinutes: 0,
  ...overrides,
});

const spans = (times: ReturnType<typeof dayTimes>) => times.map((time) => `${time.startTime}-${time.endTime}`);
const instants = (times: ReturnType<typeof dayTimes>) =>
  times.map((time) => `${time.startsAt.toISOString()}/${time.endsAt.toISOString()}`);

describe('dayTimes', () => {
  it('starts every step inside a range while the service fits before it closes', () => {
    const times = dayTimes(input({}));
    expect(spans(times)).toEqual([
      '08:00-09:00',
      '08:30-09:30',
      '09:00-10:00',
      '09:30-10:30',
      '10:00-11:00',
      '10:30-11:30',
      '11:00-12:00',
    ]);
    expect(times[0]).toEqual({
      date: '2026-06-10',
      startTime: '08:00',
      endTime: '09:00',
      startsAt: new Date('2026-06-10T08:00:00.000Z'),
      endsAt: new Date('2026-06-10T09:00:00.000Z'),
      openUntil: new Date('2026-06-10T12:00:00.000Z'),
    });
  });

  it('gives each time the close of its own range, so a longer job can be kept to it', () => {
    const hours = week([
      ['08:00', '10:00'],
      ['13:00', '15:00'],
    ]);
    const times = dayTimes(input({ hours }));
    expect(times.map((time) => `${time.startTime}<${time.openUntil.toISOString().slice(11, 16)}`)).toEqual([
      '08:00<10:00',
      '08:30<10:00',
      '09:00<10:00',
      '13:00<15:00',
      '13:30<15:00',
      '14:00<15:00',
    ]);
  });

  it('leaves the break between two ranges out, and a range too short for the service gives nothing', () => {
    const hours = week([
      ['08:00', '10:00'],
      ['10:30', '11:00'],
      ['13:00', '15:00'],
    ]);
    expect(spans(dayTimes(input({ hours })))).toEqual([
      '08:00-09:00',
      '08:30-09:30',
      '09:00-10:00',
      '13:00-14:00',
      '13:30-14:30',
      '14:00-15:00',
    ]);
  });

  it('starts on multiples of the step from midnight, not from the opening', () => {
    const hours = week([['08:10', '11:00']]);
    expect(spans(dayTimes(input({ hours, stepMinutes: 45 })))).toEqual(['08:15-09:15', '09:00-10:00', '09:45-10:45']);
    expect(spans(dayTimes(input({ hours, stepMinutes: 60, durationMinutes: 50 })))).toEqual([
      '09:00-09:50',
      '10:00-10:50',
    ]);
  });

  it('fits the buffer before the close too', () => {
    const times = dayTimes(input({ durationMinutes: 60, bufferMinutes: 30 }));
    expect(spans(times).at(-1)).toBe('10:30-11:30');
    expect(times).toHaveLength(6);
  });

  it("offers a service only inside both the shop's hours and its own", () => {
    const serviceHours = {
      ...closed,
      wednesday: [
        { start: '06:00', end: '09:30' },
        { start: '10:00', end: '20:00' },
      ],
    };
    expect(spans(dayTimes(input({ serviceHours })))).toEqual([
      '08:00-09:00',
      '08:30-09:30',
      '10:00-11:00',
      '10:30-11:30',
      '11:00-12:00',
    ]);
    // Thursday: the service has no hours, so nothing, though the shop is open.
    expect(dayTimes(input({ serviceHours, date: '2026-06-11' }))).toEqual([]);
  });

  it('gives nothing on a closed weekday or a day inside a closure', () => {
    expect(dayTimes(input({ hours: { ...week([['08:00', '12:00']]), wednesday: [] } }))).toEqual([]);
    const closures = [{ startDate: '2026-06-09', endDate: '2026-06-10' }];
    expect(dayTimes(input({ closures }))).toEqual([]);
    expect(dayTimes(input({ closures, date: '2026-06-11' }))).toHaveLength(7);
  });

  it('reads the weekday from the date and runs a range to midnight', () => {
    expect(weekdayOf('2026-06-08')).toBe('monday');
    expect(weekdayOf('2026-06-14')).toBe('sunday');
    const times = dayTimes(input({ hours: week([['22:00', '24:00']]), timeZone: 'Europe/Berlin' }));
    expect(spans(times)).toEqual(['22:00-23:00', '22:30-23:30', '23:00-24:00']);
    expect(times[2]?.endsAt.toISOString()).toBe('2026-06-10T22:00:00.000Z');
  });

  it('places times in the shop’s zone', () => {
    const [first] = dayTimes(input({ timeZone: 'America/New_York' }));
    expect(first?.startsAt.toISOString()).toBe('2026-06-10T12:00:00.000Z');
  });
});

describe('daylight saving in Europe/Berlin', () => {
  const berlin = (overrides: Partial<DayTimesInput>) =>
    input({ timeZone: 'Europe/Berlin', hours: week([['00:00', '05:00']]), ...overrides });

  it('on the 23-hour day skips the start times the clock jumps over and keeps every duration exact', () => {
    // 29 March 2026: at 02:00 CET the clocks jump to 03:00 CEST.
    const times = dayTimes(berlin({ date: '2026-03-29' }));
    expect(spans(times)).toEqual([
      '00:00-01:00',
      '00:30-01:30',
      '01:00-03:00',
      '01:30-03:30',
      '03:00-04:00',
      '03:30-04:30',
      '04:00-05:00',
    ]);
    for (const time of times) expect(time.endsAt.getTime() - time.startsAt.getTime()).toBe(60 * 60_000);
    // The range closes at 05:00 CEST, 03:00 UTC, whatever the clocks did before.
    for (const time of times) expect(time.openUntil.toISOString()).toBe('2026-03-29T03:00:00.000Z');
    expect(instants(times).slice(2, 5)).toEqual([
      '2026-03-29T00:00:00.000Z/2026-03-29T01:00:00.000Z',
      '2026-03-29T00:30:00.000Z/2026-03-29T01:30:00.000Z',
      '2026-03-29T01:00:00.000Z/2026-03-29T02:00:00.000Z',
    ]);
    expect(firstInstantOf('2026-03-29', '02:30', 'Europe/Berlin')).toBeUndefined();
  });

  it('on the 25-hour day gives a wall-clock time that happens twice once, at its first occurrence', () => {
    // 25 October 2026: at 03:00 CEST the clocks go back to 02:00 CET.
    const times = dayTimes(berlin({ date: '2026-10-25' }));
    expect(spans(times)).toEqual([
      '00:00-01:00',
      '00:30-01:30',
      '01:00-02:00',
      '01:30-02:30',
      '02:00-02:00',
      '02:30-02:30',
      '03:00-04:00',
      '03:30-04:30',
      '04:00-05:00',
    ]);
    for (const time of times) expect(time.endsAt.getTime() - time.startsAt.getTime()).toBe(60 * 60_000);
    // 02:00 CEST (00:00 UTC) ends an hour later at the second 02:00, in CET.
    expect(instants(times).slice(4, 7)).toEqual([
      '2026-10-25T00:00:00.000Z/2026-10-25T01:00:00.000Z',
      '2026-10-25T00:30:00.000Z/2026-10-25T01:30:00.000Z',
      '2026-10-25T02:00:00.000Z/2026-10-25T03:00:00.000Z',
    ]);
  });

  it('fits a range crossing the change in real minutes', () => {
    // 01:00–04:00 lasts two real hours on the 23-hour day and four on the 25-hour one.
    const short = dayTimes(berlin({ date: '2026-03-29', hours: week([['01:00', '04:00']]), durationMinutes: 90 }));
    expect(spans(short)).toEqual(['01:00-03:30', '01:30-04:00']);
    const long = dayTimes(
      berlin({ date: '2026-10-25', hours: week([['01:00', '04:00']]), durationMinutes: 150, stepMinutes: 60 }),
    );
    // 01:00 CEST + 150 minutes is 02:30 CET, before 04:00 CET; 02:00 CEST + 150 is 03:30 CET.
    expect(spans(long)).toEqual(['01:00-02:30', '02:00-03:30']);
    expect(long[1]?.endsAt.toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });
});

describe('dayShape', () => {
  it('changes with every input that moves a time, and only then', () => {
    const base = dayShape(dayTimes(input({})), 'UTC');
    expect(dayShape(dayTimes(input({})), 'UTC')).toBe(base);
    expect(dayShape(dayTimes(input({ stepMinutes: 60 })), 'UTC')).not.toBe(base);
    expect(dayShape(dayTimes(input({ durationMinutes: 45 })), 'UTC')).not.toBe(base);
    expect(dayShape(dayTimes(input({ bufferMinutes: 30 })), 'UTC')).not.toBe(base);
    expect(dayShape(dayTimes(input({ timeZone: 'Europe/Berlin' })), 'Europe/Berlin')).not.toBe(base);
    // Monday's hours do not touch a Wednesday.
    expect(dayShape(dayTimes(input({ hours: { ...week([['08:00', '12:00']]), monday: [] } })), 'UTC')).toBe(base);
    expect(dayShape([], 'UTC')).not.toBe(dayShape([], 'Europe/Berlin'));
  });
});

describe('bookingWindow', () => {
  const shop = (timeZone: string, bookingHorizonDays: number) =>
    ({ settings: { timeZone, bookingHorizonDays }, closures: [] }) as unknown as Parameters<typeof bookingWindow>[0];

  it("counts the horizon in the shop's days from its today", () => {
    // 23:30 UTC on 28 March is already 00:30 on the 29th in Berlin.
    const now = new Date('2026-03-28T23:30:00.000Z');
    expect(bookingWindow(shop('Europe/Berlin', 60), now)).toEqual({ today: '2026-03-29', lastDate: '2026-05-28' });
    expect(bookingWindow(shop('UTC', 1), now)).toEqual({ today: '2026-03-28', lastDate: '2026-03-29' });
  });
});
