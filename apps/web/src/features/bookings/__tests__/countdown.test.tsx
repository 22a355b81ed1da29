import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestOf, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { NextSlotCountdown } from '../components/next-slot-countdown';
import { countdownParts, formatCountdown, formatNextSlot } from '../countdown';
import { aBooking } from './booking-fixtures';

const NOW = Date.parse('2030-05-10T08:00:00.000Z');
const fetchMock = stubFetch();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('countdown formatting', () => {
  it('splits the time left into whole days, hours, minutes and seconds', () => {
    const parts = countdownParts('2030-05-11T10:04:05.900Z', NOW);
    expect(parts).toEqual({ days: 1, hours: 2, minutes: 4, seconds: 5 });
    expect(formatNextSlot(parts)).toBe('Next Slot: days 1, hours 2, minutes 4, seconds 5');
    expect(formatCountdown(parts)).toBe('1d 02h 04m 05s');
  });

  it('stops at zero once the instant has passed', () => {
    expect(countdownParts('2030-05-10T07:59:59.000Z', NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts from the instant, whatever the local wall-clock text of the slot says', () => {
    // An instant with an offset is the same moment as its UTC form.
    expect(countdownParts('2030-05-10T15:00:00+06:00', NOW)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
  });
});

const nextSlotRoutes = [{ path: '/', Component: NextSlotCountdown }];

describe('the Next Slot countdown', () => {
  it('asks for paid, confirmed bookings, counts down to the end of the earliest future one and ticks every second', async () => {
    const started = aBooking(1, '2030-05-10T07:00:00.000Z', '2030-05-10T09:00:00.000Z');
    const later = aBooking(2, '2030-05-12T09:00:00.000Z', '2030-05-12T10:00:00.000Z');
    const next = aBooking(3, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: [later, started, next] }));

    renderRoutes(nextSlotRoutes, { path: '/', session: signedIn() });

    expect(await screen.findByText('Next Slot: days 0, hours 2, minutes 0, seconds 0')).toBeInTheDocument();
    const url = new URL(requestOf(fetchMock.mock.calls[0]?.[0]).url);
    expect(url.pathname).toBe('/api/my-bookings');
    expect(url.search).toBe('?payment=paid&status=confirm');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Next Slot: days 0, hours 1, minutes 59, seconds 59')).toBeInTheDocument();
  });

  it('shows nothing when no paid slot lies ahead', async () => {
    const past = aBooking(1, '2030-05-09T07:00:00.000Z', '2030-05-09T08:00:00.000Z');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: [past] }));

    renderRoutes(nextSlotRoutes, { path: '/', session: signedIn() });

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByText(/Next Slot/)).toBeNull();
  });

  it('shows nothing and asks nothing for a visitor who is not signed in', () => {
    renderRoutes(nextSlotRoutes, { path: '/', session: signedOut });
    expect(screen.queryByText(/Next Slot/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
