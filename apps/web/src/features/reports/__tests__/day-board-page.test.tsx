import type { Booking } from '@carcare/contracts/bookings';
import type { Schedule } from '@carcare/contracts/reports';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { DayBoardPage } from '../pages/day-board-page';
import { aBoardBooking, aSchedule, BAYS, NOW, queriesTo, serveApi, TODAY } from './report-fixtures';

const [BAY_1, BAY_2] = BAYS;
// 10:15 in Dhaka on the business's today.
const MID_MORNING = '2030-05-11T04:15:00.000Z';

const JANE = aBoardBooking(1, ['09:00', '10:00'], BAY_1);
const BEN = aBoardBooking(2, ['10:30', '12:00'], BAY_2, {
  customer: { ...JANE.customer, _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a12', firstName: 'Ben', lastName: 'Okafor' },
  service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e52', name: 'Interior Detail', price: 80, duration: 90 },
  status: 'pending',
  payment: 'unpaid',
});

const fetchMock = stubFetch();
const requests: Request[] = [];

/** Answers each day with `days[date]`, or an empty day of the same bays. */
const serveDays = (days: Record<string, Partial<Schedule>>) =>
  serveApi(fetchMock, requests, {
    'GET /api/admin/schedule': (request) => {
      const date = new URL(request.url).searchParams.get('date') ?? TODAY;
      return jsonResponse(200, {
        success: true,
        message: REPORT_MESSAGES.scheduleRetrieved,
        data: aSchedule({ date, ...days[date] }),
      });
    },
  });

const renderBoard = (path = '/dashboard/admin/schedule') =>
  renderRoutes(
    [
      {
        path: '/dashboard/admin/schedule',
        element: (
          <DayBoardPage
            renderBookingActions={(booking: Booking) => <button type="button">Act on {booking._id}</button>}
          />
        ),
      },
    ],
    { path, session: signedIn(aUser({ role: 'admin' })) },
  );

const scheduleQueries = () => queriesTo(requests, '/api/admin/schedule');

/** Where a block sits: its list item's top and height. */
const placeOf = (block: HTMLElement) => {
  const item = block.closest('li');
  return { top: item?.style.top, height: item?.style.height };
};

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(MID_MORNING));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Schedule', { timeout: 30_000 }, () => {
  it('shows one column per bay and each booking at its time, with the current time marked', async () => {
    serveDays({ [TODAY]: { bookings: [JANE, BEN] } });
    renderBoard();

    const jane = await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' });
    expect(scheduleQueries()).toEqual([`?date=${TODAY}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(screen.getByText('Saturday, May 11, 2030')).toBeInTheDocument();

    expect(screen.getAllByRole('list')).toEqual(
      ['Bay 1', 'Bay 2', 'Bay 3'].map((name) => screen.getByRole('list', { name })),
    );
    expect(screen.getByRole('list', { name: 'Bay 1' })).toContainElement(jane);
    expect(within(screen.getByRole('list', { name: 'Bay 3' })).queryAllByRole('button')).toEqual([]);

    const ben = within(screen.getByRole('list', { name: 'Bay 2' })).getByRole('button', {
      name: 'Ben Okafor, Interior Detail, 10:30–12:00, Awaiting payment, Unpaid',
    });
    // One rem per quarter hour from 09:00, the day's opening.
    expect(placeOf(jane)).toEqual({ top: '0rem', height: '4rem' });
    expect(placeOf(ben)).toEqual({ top: '6rem', height: '6rem' });
    expect(within(jane).getByText('Confirmed')).toHaveAttribute('data-variant', 'default');
    expect(within(ben).getByText('Unpaid')).toHaveAttribute('data-variant', 'outline');

    const line = screen.getByRole('img', { name: 'Current time 10:15' });
    expect((line.firstElementChild as HTMLElement).style.top).toBe('5rem');
    expect(screen.queryByText(REPORT_MESSAGES.scheduleEmpty)).not.toBeInTheDocument();
  });

  it('keeps every booking in its bay at its time while the shop is open, the current time drawn over them', async () => {
    // 13:05 in Dhaka on an open day (09:00–17:00): a booking under way in Bay 1, a half-hour one in Bay 2.
    vi.setSystemTime(new Date('2030-05-11T07:05:00.000Z'));
    const under = aBoardBooking(3, ['12:00', '14:00'], BAY_1);
    const short = aBoardBooking(4, ['13:00', '13:30'], BAY_2, {
      customer: {
        ...JANE.customer,
        _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a13',
        firstName: 'Maximilian',
        lastName: 'Hartmann-Okonkwo',
      },
    });
    serveDays({ [TODAY]: { bookings: [under, short] } });
    renderBoard();

    const first = await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 12:00–14:00, Confirmed, Paid' });
    const second = screen.getByRole('button', {
      name: 'Maximilian Hartmann-Okonkwo, Premium Wash, 13:00–13:30, Confirmed, Paid',
    });
    const bay1 = screen.getByRole('list', { name: 'Bay 1' });
    const bay2 = screen.getByRole('list', { name: 'Bay 2' });
    expect(bay1).toContainElement(first);
    expect(bay2).toContainElement(second);
    // Each bay's column is the board's second row, in the bay's own grid column beside the time axis.
    expect([bay1.style.gridRow, bay1.style.gridColumn]).toEqual(['2', '2']);
    expect([bay2.style.gridRow, bay2.style.gridColumn]).toEqual(['2', '3']);
    expect(screen.getByRole('list', { name: 'Bay 3' }).style.gridColumn).toBe('4');
    // One rem per quarter hour from 09:00.
    expect(placeOf(first)).toEqual({ top: '12rem', height: '8rem' });
    expect(placeOf(second)).toEqual({ top: '16rem', height: '2rem' });

    // The line is absolutely positioned over row 2: it takes no cell, so the grid still has two rows only.
    const line = screen.getByRole('img', { name: 'Current time 13:05' });
    expect(line.style.position).toBe('absolute');
    expect([line.style.gridRow, line.style.gridColumn]).toEqual(['2', '2 / -1']);
    expect((line.firstElementChild as HTMLElement).style.top).toBe(`${245 / 15}rem`);
    const grid = line.parentElement as HTMLElement;
    expect(grid).toContainElement(bay1);
    const inFlowRows = Array.from(grid.children as HTMLCollectionOf<HTMLElement>)
      .filter((cell) => cell.style.position !== 'absolute')
      .map((cell) => cell.style.gridRow);
    expect(inFlowRows).toEqual(['1', '1', '1', '1', '2', '2', '2', '2']);
    expect(grid.style.gridTemplateRows.split(' ')).toHaveLength(2);

    // The half-hour booking leads with the customer's full name; its badges come after it, made smaller.
    expect(second).toHaveAttribute('data-layout', 'compact');
    expect(second.firstElementChild).toHaveTextContent(/^Maximilian Hartmann-Okonkwo$/);
    expect(second.firstElementChild).toHaveClass('shrink-0');
    expect(second.querySelector('[data-part="badges"]')).toHaveClass('shrink', 'overflow-hidden');
    expect(first).toHaveAttribute('data-layout', 'full');
    expect(first.firstElementChild).toHaveTextContent(/^Jane Doe$/);
  });

  it("asks for the business's today, not the browser's", async () => {
    // 20:30 UTC on 10 May is 02:30 on 11 May in Dhaka: before opening, so no time line.
    vi.setSystemTime(new Date(NOW));
    serveDays({});
    renderBoard();

    expect(await screen.findByText(REPORT_MESSAGES.scheduleEmpty)).toBeInTheDocument();
    expect(scheduleQueries()).toEqual([`?date=${TODAY}`]);
    expect(screen.queryByRole('img', { name: /^Current time/ })).not.toBeInTheDocument();
  });

  it('moves to the previous and next day through the URL, and back to today', async () => {
    serveDays({
      '2030-05-12': { bookings: [aBoardBooking(3, ['13:00', '14:00'], BAY_1, {}, '2030-05-12')] },
    });
    const { router } = renderBoard();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(REPORT_MESSAGES.scheduleEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(router.state.location.search).toBe('?date=2030-05-12');
    expect(
      await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 13:00–14:00, Confirmed, Paid' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sunday, May 12, 2030')).toBeInTheDocument();
    // Not today: no current-time line.
    expect(screen.queryByRole('img', { name: /^Current time/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2030-05-10');
    expect(await screen.findByText('Friday, May 10, 2030')).toBeInTheDocument();
    await waitFor(() =>
      expect(scheduleQueries()).toEqual(['?date=2030-05-11', '?date=2030-05-12', '?date=2030-05-10']),
    );

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Saturday, May 11, 2030')).toBeInTheDocument();
  });

  it('opens a day from the URL', async () => {
    serveDays({});
    renderBoard('/dashboard/admin/schedule?date=2030-02-28');

    expect(await screen.findByText('Thursday, Feb 28, 2030')).toBeInTheDocument();
    await waitFor(() => expect(scheduleQueries()).toEqual(['?date=2030-02-28']));
  });

  it('opens a booking from the keyboard with its details and actions, and closes it again', async () => {
    serveDays({ [TODAY]: { bookings: [JANE, BEN] } });
    renderBoard();
    const user = userEvent.setup({ delay: null });

    const jane = await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' });
    jane.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
    expect(dialog).toHaveAccessibleDescription('Premium Wash, Saturday, May 11, 2030 09:00–10:00');
    const details = Array.from(dialog.querySelectorAll('dt'), (term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(details).toEqual([
      ['Bay', 'Bay 1'],
      ['Email', 'jane@example.com'],
      ['Phone', '+8801712345678'],
      ['Bay held', '09:00–10:00'],
      ['Price', '$45'],
      ['Status', 'Confirmed'],
      ['Payment', 'Paid'],
    ]);
    expect(within(dialog).getByRole('button', { name: `Act on ${JANE._id}` })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(jane).toHaveFocus();
  });

  it('shows what is still to be paid on each car, and nothing on a car that is paid up', async () => {
    const owing = aBoardBooking(3, ['13:00', '14:00'], BAY_1, {
      customer: { ...JANE.customer, _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a13', firstName: 'Ola', lastName: 'Ade' },
      payment: 'unpaid',
      payWith: 'counter',
      amountPaid: 20,
      balanceDue: 25.5,
      customerNote: 'Dog hair in the boot',
    });
    serveDays({ [TODAY]: { bookings: [JANE, owing] } });
    renderBoard();
    const user = userEvent.setup({ delay: null });

    const block = await screen.findByRole('button', {
      name: 'Ola Ade, Premium Wash, 13:00–14:00, Confirmed, Unpaid, $25.50 due',
    });
    expect(block.querySelector('[data-part="due"]')).toHaveTextContent('$25.50 due');
    const paidUp = screen.getByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' });
    expect(paidUp.querySelector('[data-part="due"]')).toBeNull();

    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Ola Ade' });
    const details = Object.fromEntries(
      Array.from(dialog.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details['Balance due']).toBe('$25.50');
    expect(details["Customer's note"]).toBe('Dog hair in the boot');
  });

  it("draws a long job as long as it holds its bay, past its slot, with the car's plate and class", async () => {
    // An SUV's detail with pet-hair removal in a 16:00–17:00 slot: 90 + 20 minutes and a 15-minute buffer hold the
    // bay until 18:05, past the 17:00 closing, so the board runs to 19:00.
    const long = aBoardBooking(5, ['16:00', '17:00'], BAY_1, {
      bayHeld: { from: '2030-05-11T10:00:00.000Z', until: '2030-05-11T12:05:00.000Z' },
      total: 185,
      duration: 110,
      lines: [
        { kind: 'service', addOn: null, name: 'Premium Wash', price: 160, minutes: 90 },
        {
          kind: 'addOn',
          addOn: 'a0d0a000-0000-4000-8000-000000000001',
          name: 'Pet hair removal',
          price: 25,
          minutes: 20,
        },
      ],
      vehicleClass: { _id: 'c1a55000-0000-4000-8000-000000000003', name: 'SUV' },
      vehicle: {
        _id: 'fe1c1e00-0000-4000-8000-000000000001',
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        colour: 'Blue',
        plate: 'ABC123',
        plateRegion: 'CA',
        nickname: '',
      },
    });
    serveDays({ [TODAY]: { bookings: [JANE, long] } });
    renderBoard();
    const user = userEvent.setup({ delay: null });

    const block = await screen.findByRole('button', {
      name: 'Jane Doe, Premium Wash, ABC123 · SUV, 16:00–17:00, Confirmed, Paid',
    });
    expect(within(block).getByText('ABC123 · SUV')).toBeInTheDocument();
    // From 09:00, one rem per quarter hour: 16:00 is 28 rem down, and 125 minutes are 25/3 rem long.
    expect(placeOf(block)).toEqual({ top: '28rem', height: `${125 / 15}rem` });
    // A slot-long booking keeps its slot's length.
    expect(
      placeOf(screen.getByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' })),
    ).toEqual({ top: '0rem', height: '4rem' });
    // The time axis reaches the hour after the hold ends.
    expect(screen.getByRole('list', { name: 'Bay 1' }).style.height).toBe('40rem');

    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
    const details = Object.fromEntries(
      Array.from(dialog.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toMatchObject({
      Vehicle: 'Toyota RAV4 · ABC123',
      Class: 'SUV',
      'Bay held': '16:00–18:05',
      Price: '$185',
    });
    expect(
      within(within(dialog).getByRole('list', { name: 'Lines' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Premium Wash: $160, 90 min', 'Pet hair removal: $25, 20 min']);
  });

  it('says when the day has no bookings, and when the shop has no bays', async () => {
    serveDays({ '2030-05-12': { bays: [] } });
    const { router } = renderBoard();

    expect(await screen.findByText(REPORT_MESSAGES.scheduleEmpty)).toBeInTheDocument();
    expect(screen.getAllByRole('list')).toHaveLength(3);

    await act(() => router.navigate('/dashboard/admin/schedule?date=2030-05-12'));
    expect(await screen.findByText(REPORT_MESSAGES.noBays)).toBeInTheDocument();
    expect(screen.queryByText(REPORT_MESSAGES.scheduleEmpty)).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
