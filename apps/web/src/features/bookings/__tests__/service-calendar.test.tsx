import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { holdRequests, stubFetch } from '@/test/stub-fetch';
import { SlotBooking } from '../components/slot-booking';
import { aService, aSlot } from './booking-fixtures';

const fetchMock = stubFetch();

const SHOP_TODAY = '2030-05-10';
const LAST_BOOKABLE = '2030-07-09';
/** The days with free times, and how many. */
const FREE: Record<string, number> = { '2030-05-14': 3, '2030-05-20': 2, '2030-06-03': 5, '2030-07-08': 1 };
/** Hand-made slots on days the hours do not give: a closed Sunday and a Sunday beyond the horizon. */
const HAND_MADE: Record<string, number> = { '2030-06-09': 1, '2030-07-14': 1 };
const freeOn = (day: string) => FREE[day] ?? HAND_MADE[day] ?? 0;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/** The service's calendar as the API draws it: Sundays closed, past and beyond-horizon days marked so. */
const calendarOf = (from: string, to: string) => {
  const days = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const state = day < SHOP_TODAY ? 'past' : day > LAST_BOOKABLE ? 'beyond' : isSunday(day) ? 'closed' : 'open';
    days.push({ date: day, state, free: state === 'past' ? 0 : freeOn(day) });
  }
  const start = from > SHOP_TODAY ? from : SHOP_TODAY;
  const free = [...Object.keys(FREE), ...Object.keys(HAND_MADE)].sort();
  const nextAvailable = free.find((day) => day >= start && day <= LAST_BOOKABLE) ?? null;
  return { timeZone: 'UTC', today: SHOP_TODAY, lastBookableDate: LAST_BOOKABLE, nextAvailable, days };
};

const serve = (config = aPublicConfig('usd'), calendarAnswers = true) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(requestOf(input).url);
    const query = url.searchParams;
    if (url.pathname === '/api/config') return jsonResponse(200, { success: true, message: 'ok', data: config });
    if (url.pathname === '/api/slots/calendar') {
      if (!calendarAnswers) return jsonResponse(503, { success: false, message: 'Database unavailable' });
      const data = calendarOf(query.get('from') ?? '', query.get('to') ?? '');
      return jsonResponse(200, { success: true, message: 'Calendar retrieved', data });
    }
    const date = query.get('date') ?? '';
    const data = freeOn(date) ? [aSlot(0, 'available', date), aSlot(1, 'booked', date)] : [];
    return jsonResponse(200, { success: true, message: 'ok', data });
  });

/** The calls made to one endpoint, as path and query. */
const callsTo = (pathname: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestOf(input).url))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.search);

const SERVICE = aService()._id;
const routes = [{ path: '/', element: <SlotBooking service={aService()} /> }];
const open = () => renderRoutes(routes, { path: '/', session: signedOut });
const slotsHeading = (day: string) =>
  screen.findByRole('heading', { name: `Available slots on ${day}` }, { timeout: 5000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${SHOP_TODAY}T06:00:00.000Z`));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  window.sessionStorage.clear();
});

describe('the service page opens on the first day with a free time', () => {
  it("asks this month's calendar and opens on its next available day, never asking today's slots", async () => {
    serve();
    open();

    expect(await slotsHeading('May 14, 2030')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '09:00 - 10:00' })).toBeEnabled();
    expect(callsTo('/api/slots/calendar')).toEqual([`?service=${SERVICE}&from=2030-05-01&to=2030-05-31`]);
    expect(callsTo('/api/slots/availability')).toEqual([`?service=${SERVICE}&date=2030-05-14`]);
    expect(screen.getByRole('button', { name: 'Tuesday, May 14th, 2030, selected, has free times' })).toBeEnabled();
  });

  it('opens on today, as before, when the calendar cannot be had', async () => {
    serve(aPublicConfig('usd'), false);
    open();

    expect(await slotsHeading('May 10, 2030')).toBeInTheDocument();
    expect(await screen.findByText('No slot available')).toBeInTheDocument();
    expect(callsTo('/api/slots/availability')).toEqual([`?service=${SERVICE}&date=2030-05-10`]);
    expect(screen.getByRole('button', { name: 'Thursday, May 9th, 2030' })).toBeDisabled();
  });

  it('marks the days with free times and disables past, closed and beyond-horizon days without any', async () => {
    serve();
    open();
    await slotsHeading('May 14, 2030');

    const grid = screen.getByRole('grid', { name: 'May 2030' });
    const marked = within(grid)
      .getAllByRole('button', { name: /has free times$/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(marked).toEqual([
      'Tuesday, May 14th, 2030, selected, has free times',
      'Monday, May 20th, 2030, has free times',
    ]);
    // Past days and a closed Sunday cannot be chosen; an open day without free times can, unmarked.
    expect(within(grid).getByRole('button', { name: 'Thursday, May 9th, 2030' })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: 'Sunday, May 12th, 2030' })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: 'Today, Friday, May 10th, 2030' })).toBeEnabled();
    expect(within(grid).getByRole('button', { name: 'Monday, May 13th, 2030' })).toBeEnabled();

    const user = userEvent.setup({ delay: null });
    await user.click(within(grid).getByRole('button', { name: 'Monday, May 13th, 2030' }));
    expect(await slotsHeading('May 13, 2030')).toBeInTheDocument();
    expect(await screen.findByText('No slot available')).toBeInTheDocument();
  });

  it("moves month by month, asking each month's calendar, from today's month to the last bookable day's", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await slotsHeading('May 14, 2030');

    const previous = screen.getByRole('button', { name: 'Go to the Previous Month' });
    const next = screen.getByRole('button', { name: 'Go to the Next Month' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    const june = await screen.findByRole('grid', { name: 'June 2030' });
    expect(await within(june).findByRole('button', { name: 'Monday, June 3rd, 2030, has free times' })).toBeEnabled();
    // A closed Sunday with a hand-made slot stays choosable; the Sunday before it does not.
    expect(within(june).getByRole('button', { name: 'Sunday, June 9th, 2030, has free times' })).toBeEnabled();
    expect(within(june).getByRole('button', { name: 'Sunday, June 2nd, 2030' })).toBeDisabled();
    expect(callsTo('/api/slots/calendar')).toContain(`?service=${SERVICE}&from=2030-06-01&to=2030-06-30`);

    await user.click(next);
    const july = await screen.findByRole('grid', { name: 'July 2030' });
    expect(await within(july).findByRole('button', { name: 'Monday, July 8th, 2030, has free times' })).toBeEnabled();
    expect(callsTo('/api/slots/calendar')).toContain(`?service=${SERVICE}&from=2030-07-01&to=2030-07-31`);
    expect(within(july).getByRole('button', { name: 'Tuesday, July 9th, 2030' })).toBeEnabled();
    expect(within(july).getByRole('button', { name: 'Wednesday, July 10th, 2030' })).toBeDisabled();
    expect(within(july).getByRole('button', { name: 'Sunday, July 14th, 2030, has free times' })).toBeEnabled();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(previous).not.toHaveAttribute('aria-disabled');
    // Browsing leaves the chosen day as it was.
    expect(screen.getByRole('heading', { name: 'Available slots on May 14, 2030' })).toBeInTheDocument();
  });

  it('keeps a month browsed to before the page found the day to open on, then shows the month of a day chosen', async () => {
    serve();
    // This month's calendar answers only when let: the visitor presses the arrow first.
    const answerCalendar = holdRequests(fetchMock, (url) => url.searchParams.get('from') === '2030-05-01');
    const user = userEvent.setup({ delay: null });
    open();

    await user.click(await screen.findByRole('button', { name: 'Go to the Next Month' }));
    expect(await screen.findByRole('grid', { name: 'June 2030' })).toBeInTheDocument();
    answerCalendar();
    expect(await slotsHeading('May 14, 2030')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'June 2030' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Monday, June 3rd, 2030, has free times' }));
    expect(await slotsHeading('Jun 3, 2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next available' }));
    expect(await slotsHeading('Jun 9, 2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next available' }));
    expect(await slotsHeading('Jul 8, 2030')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'July 2030' })).toBeInTheDocument();
  });

  it('jumps with Next available to the next day with a free time, and says when there is none', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await slotsHeading('May 14, 2030');
    const nextAvailable = screen.getByRole('button', { name: 'Next available' });

    await user.click(nextAvailable);
    expect(await slotsHeading('May 20, 2030')).toBeInTheDocument();
    expect(callsTo('/api/slots/calendar')).toContain(`?service=${SERVICE}&from=2030-05-15&to=2030-07-15`);

    await user.click(nextAvailable);
    expect(await slotsHeading('Jun 3, 2030')).toBeInTheDocument();
    // The calendar shows the month of the day it jumped to.
    expect(await screen.findByRole('grid', { name: 'June 2030' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '09:00 - 10:00' })).toBeEnabled();

    await user.click(nextAvailable);
    expect(await slotsHeading('Jun 9, 2030')).toBeInTheDocument();
    await user.click(nextAvailable);
    expect(await slotsHeading('Jul 8, 2030')).toBeInTheDocument();
    await user.click(nextAvailable);
    expect(await screen.findByText('No free time in the next days')).toHaveAttribute('role', 'status');
    expect(callsTo('/api/slots/calendar')).toContain(`?service=${SERVICE}&from=2030-07-09&to=2030-09-08`);
    expect(screen.getByRole('heading', { name: 'Available slots on Jul 8, 2030' })).toBeInTheDocument();

    // Another day forgets it.
    await user.click(screen.getByRole('button', { name: 'Tuesday, July 9th, 2030' }));
    expect(await slotsHeading('Jul 9, 2030')).toBeInTheDocument();
    expect(screen.queryByText('No free time in the next days')).toBeNull();
  });
});

describe("the shop's time zone", () => {
  it('is named over the times when the visitor is elsewhere, and the times carry its short name', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    serve({ ...aPublicConfig('usd'), timeZone: 'Europe/Berlin' });
    open();
    await slotsHeading('May 14, 2030');

    expect(await screen.findByText('Times in Europe/Berlin (GMT+2)')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '09:00 - 10:00 GMT+2' })).toBeEnabled();
  });

  it('is not named when the visitor is where the shop is', async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    serve({ ...aPublicConfig('usd'), timeZone: 'Europe/Berlin' });
    open();
    await slotsHeading('May 14, 2030');

    expect(await screen.findByRole('button', { name: '09:00 - 10:00' })).toBeEnabled();
    expect(screen.queryByText(/^Times in/)).toBeNull();
  });
});
