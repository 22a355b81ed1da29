import { closedWeek } from '@carcare/contracts/shop-settings';
import { SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { describe, expect, it } from 'vitest';
import { compactHours, hoursProblems, withBreak, withRangeAfter } from '../weekly-hours';

const range = (start: string, end: string) => ({ start, end });

describe('weekly hours', () => {
  it('adds a break near the middle of the last range, on the hour where it can', () => {
    expect(withBreak([range('08:00', '18:00')])).toEqual([range('08:00', '12:00'), range('13:00', '18:00')]);
    expect(withBreak([range('09:00', '17:00')])).toEqual([range('09:00', '12:00'), range('13:00', '17:00')]);
    expect(withBreak([range('10:00', '12:00')])).toEqual([range('10:00', '10:30'), range('11:30', '12:00')]);
    expect(withBreak([range('10:00', '11:30')])).toBeNull();
    expect(withBreak([])).toBeNull();
  });

  it('adds hours an hour after the last range, up to midnight, and opens a closed day at 09:00–17:00', () => {
    expect(withRangeAfter([])).toEqual([range('09:00', '17:00')]);
    expect(withRangeAfter([range('08:00', '12:00')])).toEqual([range('08:00', '12:00'), range('13:00', '15:00')]);
    expect(withRangeAfter([range('08:00', '22:30')])).toEqual([range('08:00', '22:30'), range('23:30', '24:00')]);
    expect(withRangeAfter([range('08:00', '23:00')])).toBeNull();
    const six = ['00', '02', '04', '06', '08', '10'].map((hour) => range(`${hour}:00`, `${hour}:30`));
    expect(withRangeAfter(six)).toBeNull();
    expect(withBreak(six)).toBeNull();
  });

  it("gives each day the contract's first message", () => {
    const week = {
      ...closedWeek(),
      monday: [range('12:00', '10:00')],
      tuesday: [range('08:00', '12:00'), range('11:00', '14:00')],
      wednesday: [range('', '12:00')],
    };
    expect(hoursProblems(week)).toEqual({
      monday: SETTINGS_MESSAGES.rangeOrder('Monday'),
      tuesday: SETTINGS_MESSAGES.rangesOverlap('Tuesday'),
      wednesday: SETTINGS_MESSAGES.hoursInvalid,
    });
    expect(hoursProblems({ ...closedWeek(), friday: [range('08:00', '24:00')] })).toEqual({});
  });

  it('writes a week in one line, days with the same hours together', () => {
    const open = [range('08:00', '18:00')];
    expect(
      compactHours({
        monday: open,
        tuesday: open,
        wednesday: open,
        thursday: open,
        friday: open,
        saturday: [range('08:00', '12:00'), range('13:00', '18:00')],
        sunday: [],
      }),
    ).toBe('Mon–Fri 08:00–18:00 · Sat 08:00–12:00, 13:00–18:00 · Sun closed');
    expect(compactHours(closedWeek())).toBe('Every day closed');
    expect(compactHours({ ...closedWeek(), wednesday: open })).toBe(
      'Mon–Tue closed · Wed 08:00–18:00 · Thu–Sun closed',
    );
  });
});
