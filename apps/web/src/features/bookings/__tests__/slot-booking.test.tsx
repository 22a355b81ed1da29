import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { DaySlots } from '../components/day-slots';
import { SlotBooking } from '../components/slot-booking';
import { isSlotBookable } from '../slot-rules';
import { aService, aSlot } from './booking-fixtures';

const fetchMock = stubFetch();
const config = { success: true, message: 'ok', data: { ...aPublicConfig('usd') } };

/** Answers the config and availability calls; the slots depend on the requested date. */
const serve = (slotsFor: (date: string) => unknown[]) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(requestOf(input).url);
    if (url.pathname === '/api/config') return jsonResponse(200, config);
    if (url.pathname === '/api/slots/calendar') {
      // Every day open from today, today first: the page opens on today.
      const calendar = { timeZone: 'UTC', today: '2030-05-10', lastBookableDate: '2030-07-09', days: [] };
      return jsonResponse(200, { success: true, message: 'ok', data: { ...calendar, nextAvailable: '2030-05-10' } });
    }
    return jsonResponse(200, { success: true, message: 'ok', data: slotsFor(url.searchParams.get('date') ?? '') });
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
  Cookies.remove('redirect');
});

describe('which slots can be chosen', () => {
  it('refuses booked and cancelled slots and treats anything else as available', () => {
    expect(isSlotBookable({ isBooked: 'available' })).toBe(true);
    expect(isSlotBookable({ isBooked: 'booked' })).toBe(false);
    expect(isSlotBookable({ isBooked: 'cancel' })).toBe(false);
  });

  it("shows booked and cancelled slots disabled at half opacity with a 'Not available' tooltip after 700 ms", () => {
    vi.useFakeTimers();
    // The tooltip's positioning measures its anchor; jsdom has no layout.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const onSelect = vi.fn();
    const slots = [aSlot(0, 'available'), aSlot(1, 'booked'), aSlot(2, 'cancel')];
    renderRoutes([{ path: '/', element: <DaySlots slots={slots} selectedSlot="" onSelect={onSelect} /> }], {
      path: '/',
      session: signedOut,
    });

    const booked = screen.getByRole('button', { name: '10:00 - 11:00' });
    const cancelled = screen.getByRole('button', { name: '11:00 - 12:00' });
    for (const button of [booked, cancelled]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveClass('opacity-50');
      expect(button).not.toHaveAttribute('aria-pressed');
    }
    const free = screen.getByRole('button', { name: '09:00 - 10:00' });
    expect(free).not.toHaveAttribute('aria-disabled');

    fireEvent.click(booked);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(free);
    expect(onSelect).toHaveBeenCalledWith(slots[0]?._id);

    fireEvent.pointerMove(booked, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Not available');
  });

  it('says under each slot how many bays are free when more than one bay may take the service', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const onSelect = vi.fn();
    const slots = [
      aSlot(0, 'available', '2030-05-10', { capacity: 3, remaining: 2 }),
      aSlot(1, 'booked', '2030-05-10', { capacity: 3, remaining: 0 }),
    ];
    renderRoutes([{ path: '/', element: <DaySlots slots={slots} selectedSlot="" onSelect={onSelect} /> }], {
      path: '/',
      session: signedOut,
    });

    const free = screen.getByRole('button', { name: '09:00 - 10:00' });
    expect(free).toHaveAccessibleDescription('2 of 3 bays free');
    expect(free).not.toHaveAttribute('aria-disabled');
    fireEvent.click(free);
    expect(onSelect).toHaveBeenCalledWith(slots[0]?._id);

    const full = screen.getByRole('button', { name: '10:00 - 11:00' });
    expect(full).toHaveAttribute('aria-disabled', 'true');
    expect(full).toHaveClass('opacity-50');
    expect(screen.getByText('0 of 3 bays free')).toBeInTheDocument();
    fireEvent.click(full);
    expect(onSelect).toHaveBeenCalledTimes(1);
    fireEvent.pointerMove(full, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Not available');
  });

  it('shows no bay count with a single bay, as SPEC.md describes the page', () => {
    const slots = [aSlot(0, 'available'), aSlot(1, 'booked')];
    renderRoutes([{ path: '/', element: <DaySlots slots={slots} selectedSlot="" onSelect={vi.fn()} /> }], {
      path: '/',
      session: signedOut,
    });

    const list = screen.getByRole('list', { name: 'Available slots' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['09:00 - 10:00', '10:00 - 11:00']);
    expect(screen.getByRole('button', { name: '09:00 - 10:00' })).not.toHaveAttribute('aria-describedby');
  });

  it("says 'No slot available' when the day has no slots", () => {
    renderRoutes([{ path: '/', element: <DaySlots slots={[]} selectedSlot="" onSelect={vi.fn()} /> }], {
      path: '/',
      session: signedOut,
    });
    expect(screen.getByText('No slot available')).toBeInTheDocument();
  });
});

const bookingRoutes = [
  { path: '/', element: <SlotBooking service={aService()} /> },
  { path: '/login', element: <h1>Login page</h1> },
];

describe('booking a slot on the service page', () => {
  it('enables Book This Service only once a slot is chosen, and a new date clears the choice', async () => {
    serve((date) => [aSlot(0, 'available', date), aSlot(1, 'booked', date)]);
    const user = userEvent.setup({ delay: null });
    const { store } = renderRoutes(bookingRoutes, { path: '/', session: signedOut });

    expect(
      await screen.findByRole('heading', { name: 'Available slots on May 10, 2030' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const book = screen.getByRole('button', { name: 'Book This Service' });
    expect(book).toBeDisabled();
    expect(screen.getByRole('button', { name: /May 9th, 2030/ })).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: '09:00 - 10:00' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: '09:00 - 10:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(book).toBeEnabled();

    await user.click(screen.getByRole('button', { name: /May 12th, 2030/ }));
    expect(
      await screen.findByRole('heading', { name: 'Available slots on May 12, 2030' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(store.getState().booking.slot).toBe('');
    expect(screen.getByRole('button', { name: 'Book This Service' })).toBeDisabled();
    const requested = fetchMock.mock.calls.map(([input]) => new URL(requestOf(input).url).search);
    expect(requested).toContain(`?service=${aService()._id}&date=2030-05-12`);
  });

  it('sends a visitor who is not signed in to /login with /proceed-booking remembered, keeping the choice', async () => {
    serve((date) => [aSlot(0, 'available', date)]);
    const user = userEvent.setup({ delay: null });
    const { store, router } = renderRoutes(bookingRoutes, { path: '/', session: signedOut });

    await user.click(await screen.findByRole('button', { name: '09:00 - 10:00' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Book This Service' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(Cookies.get('redirect')).toBe('/proceed-booking');
    expect(store.getState().booking).toMatchObject({ service: aService()._id, slot: aSlot(0, 'available')._id });
  });

  it("shows 'No slot available' for a day without slots", async () => {
    serve(() => []);
    renderRoutes(bookingRoutes, { path: '/', session: signedOut });
    const section = await screen.findByRole('region', { name: 'Choose a date and time' });
    expect(await within(section).findByText('No slot available')).toBeInTheDocument();
  });
});
