import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { CANCEL_REASONS } from '@carcare/contracts/front-desk-constants';
import { BOOKING_SEARCH_HINT } from '@carcare/contracts/reports-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageBookingsPage } from '../pages/manage-bookings-page';
import { aBooking } from './booking-fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

const NOW = '2030-05-10T09:30:00.000Z';
const customer = (firstName: string) => ({ ...aBooking(1, NOW, NOW).customer, firstName });
// Its slot began half an hour ago: it can be cancelled, completed or marked a no-show.
const STARTED = aBooking(1, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z', { customer: customer('Ann') });
// Tomorrow: it can only be cancelled.
const UPCOMING = aBooking(2, '2030-05-11T09:00:00.000Z', '2030-05-11T10:00:00.000Z', { customer: customer('Ben') });

const fetchMock = stubFetch();
const requests: Request[] = [];
let bookings: Booking[] = [];

/** Answers the booking list (as it stands) and the config, plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/bookings': () =>
        jsonResponse(200, { success: true, message: 'Bookings retrieved', data: bookings, totalDoc: bookings.length }),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const listCalls = () => sent('GET', '/api/bookings').length;

const renderPage = () =>
  renderRoutes([{ path: '/', Component: ManageBookingsPage }], {
    path: '/',
    session: signedIn(aUser({ role: 'admin' })),
  });

const menuOf = (booking: Booking) =>
  screen.findByRole('button', {
    name: `Actions for ${booking.customer.firstName}'s booking on ${booking.slot.date} at ${booking.slot.startTime}`,
  });

/** Opens the row's menu and chooses `item`; resolves to the confirmation dialog it opens. */
const choose = async (user: ReturnType<typeof userEvent.setup>, booking: Booking, item: string, title: string) => {
  await user.click(await menuOf(booking));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('alertdialog', { name: title });
};

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  // Toasts live in sonner's module state: the next test's toaster would show this one's again.
  toast.dismiss();
  vi.useRealTimers();
});

// Menus, dialogs and toasts render slowly on a loaded two-core machine.
describe('Booking Management', { timeout: 30_000 }, () => {
  it('names the bay each booking occupies, beside its service', async () => {
    bookings = [
      aBooking(1, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z', {
        bay: { _id: 'b4a70000-0000-4000-8000-000000000002', name: 'Wash Bay 2' },
      }),
    ];
    serve();
    renderPage();

    const row = (await screen.findByText('Wash Bay 2')).closest('tr');
    if (!row) throw new Error('no table row');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Customer',
      'Service',
      'Slot',
      'Payment',
      'Status',
      'Actions',
    ]);
    // Related facts share a cell, one line each: the customer's full name, email and phone; service and bay; date
    // and times.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => Array.from(cell.children, (line) => line.textContent)),
    ).toEqual([
      ['Jane Doe', 'jane@example.com', '+8801712345678'],
      ['Wheel & Tyre Detail', 'Wash Bay 2'],
      ['May 10, 2030', '09:00 - 10:00'],
      ['Paid'],
      ['Confirmed'],
      // The actions menu's button, named by its label.
      [''],
    ]);
    expect(sent('GET', '/api/bookings').map((request) => new URL(request.url).search)).toEqual(['?page=1&limit=10']);
  });

  it('shows the car, its class and the add-ons under the service, and that the search matches plates', async () => {
    bookings = [
      aBooking(1, '2030-05-10T09:00:00.000Z', '2030-05-10T11:00:00.000Z', {
        total: 210,
        duration: 120,
        lines: [
          { kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 160, minutes: 90 },
          {
            kind: 'addOn',
            addOn: 'a0d0a000-0000-4000-8000-000000000001',
            name: 'Pet hair removal',
            price: 25,
            minutes: 20,
          },
          { kind: 'addOn', addOn: 'a0d0a000-0000-4000-8000-000000000002', name: 'Engine bay', price: 25, minutes: 10 },
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
          nickname: 'Family car',
        },
      }),
    ];
    serve();
    renderPage();

    const row = (await screen.findByText('Toyota RAV4 · ABC123 · SUV')).closest('tr');
    if (!row) throw new Error('no table row');
    expect(Array.from(within(row).getAllByRole('cell')[1]?.children ?? [], (line) => line.textContent)).toEqual([
      'Wheel & Tyre Detail',
      'Toyota RAV4 · ABC123 · SUV',
      '+ Pet hair removal, Engine bay',
      'Bay 1',
    ]);
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', BOOKING_SEARCH_HINT);
    expect(BOOKING_SEARCH_HINT).toMatch(/plate/);
  });

  it('shows each booking as a card on a phone, with its car, add-ons, slot, badges and actions', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    bookings = [
      aBooking(1, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z', {
        lines: [
          { kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 45, minutes: 60 },
          {
            kind: 'addOn',
            addOn: 'a0d0a000-0000-4000-8000-000000000001',
            name: 'Pet hair removal',
            price: 25,
            minutes: 20,
          },
        ],
        total: 70,
        vehicleClass: { _id: 'c1a55000-0000-4000-8000-000000000002', name: 'Sedan' },
      }),
    ];
    serve();
    renderPage();

    const cards = await screen.findByRole('list', { name: 'Bookings' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem', { name: 'Jane Doe' });
    expect(card).toHaveTextContent('Wheel & Tyre Detail');
    expect(card).toHaveTextContent('Sedan');
    expect(card).toHaveTextContent('+ Pet hair removal');
    expect(card).toHaveTextContent('May 10, 2030 · 09:00 - 10:00');
    expect(within(card).getByText('Confirmed')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: /^Actions for Jane's booking/ })).toBeInTheDocument();
  });

  it('badges confirm in the default style, completed positive, no-show muted and the rest destructive', async () => {
    const statuses = ['confirm', 'pending', 'cancel', 'completed', 'no_show'] as const;
    bookings = statuses.map((status, index) =>
      aBooking(index + 1, '2030-05-09T10:00:00.000Z', '2030-05-09T11:00:00.000Z', { status }),
    );
    serve();
    renderPage();

    await screen.findByText('No-show');
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) => {
        const status = within(row).getAllByRole('cell')[4]?.firstElementChild;
        return [status?.textContent, status?.getAttribute('data-variant')];
      }),
    ).toEqual([
      ['Confirmed', 'default'],
      ['Awaiting payment', 'destructive'],
      ['Cancelled', 'destructive'],
      ['Completed', 'success'],
      ['No-show', 'muted'],
    ]);
  });

  it('offers changes on confirmed bookings only, completed and no-show once the slot has started, and payments and notes on every one', async () => {
    const over = aBooking(3, '2030-05-09T09:00:00.000Z', '2030-05-09T10:00:00.000Z', {
      customer: customer('Cal'),
      status: 'completed',
    });
    bookings = [STARTED, UPCOMING, over];
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await menuOf(STARTED));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Payments and notes',
      'Reschedule',
      'Cancel with refund',
      'Cancel without refund',
      'Mark ready',
      'Mark completed',
      'Mark no-show',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(await menuOf(UPCOMING));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Payments and notes', 'Reschedule', 'Cancel with refund', 'Cancel without refund']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(await menuOf(over));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Payments and notes']);
  });

  it('cancels with a refund: asks with the amount, posts { refund: true }, toasts the refund, refreshes the list', async () => {
    bookings = [UPCOMING];
    const cancelled: Booking = { ...UPCOMING, status: 'cancel', refund: { amount: 45, status: 'refunded' } };
    serve({
      [`POST /api/bookings/${UPCOMING._id}/cancel`]: () => {
        bookings = [cancelled];
        return jsonResponse(200, {
          success: true,
          message: BOOKING_MESSAGES.cancelled,
          data: { booking: cancelled, refund: { amount: 45, status: 'refunded' } },
        });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await choose(user, UPCOMING, 'Cancel with refund', "Cancel Ben's booking?");
    expect(dialog).toHaveAccessibleDescription(
      'Wheel & Tyre Detail, May 11, 2030 09:00 - 10:00. $45 will be refunded through the payment provider.',
    );
    expect(sent('POST', `/api/bookings/${UPCOMING._id}/cancel`)).toEqual([]);
    // No reason, no cancellation: the dialog asks for one.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel with refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a reason, or write one');
    expect(sent('POST', `/api/bookings/${UPCOMING._id}/cancel`)).toEqual([]);
    expect(
      Array.from(
        within(dialog).getByRole('combobox', { name: 'Reason' }).querySelectorAll('option'),
        (o) => o.textContent,
      ),
    ).toEqual(['Choose a reason', ...CANCEL_REASONS, 'Other']);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Weather');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel with refund' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(screen.getByText('Refunded $45')).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${UPCOMING._id}/cancel`)[0]?.json()).toEqual({
      refund: true,
      reason: 'Weather',
    });
    await waitFor(() => expect(listCalls()).toBe(2));
    expect(await screen.findByText('Cancelled')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // A cancelled booking keeps only its payments and notes.
    await user.click(await menuOf(UPCOMING));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Payments and notes']);
  });

  it('cancels without a refund: says so, posts { refund: false } and toasts the cancellation alone', async () => {
    bookings = [UPCOMING];
    const cancelled: Booking = { ...UPCOMING, status: 'cancel' };
    serve({
      [`POST /api/bookings/${UPCOMING._id}/cancel`]: () => {
        bookings = [cancelled];
        return jsonResponse(200, {
          success: true,
          message: BOOKING_MESSAGES.cancelled,
          data: { booking: cancelled, refund: { amount: 0, status: 'none' } },
        });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await choose(user, UPCOMING, 'Cancel without refund', "Cancel Ben's booking?");
    expect(dialog).toHaveAccessibleDescription(
      'Wheel & Tyre Detail, May 11, 2030 09:00 - 10:00. The customer will not be refunded.',
    );
    // Other: the reason is written, and sent as written.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Other');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason in words' }), '  Sold the car  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel without refund' }));

    const title = await screen.findByText('Booking cancelled');
    expect(title.closest('[data-sonner-toast]')?.querySelector('[data-description]')).toBeNull();
    expect(await sent('POST', `/api/bookings/${UPCOMING._id}/cancel`)[0]?.json()).toEqual({
      refund: false,
      reason: 'Sold the car',
    });
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('marks a started booking completed, and another a no-show, each with no body, and refreshes the list', async () => {
    const other = aBooking(3, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z', { customer: customer('Dee') });
    bookings = [STARTED, other];
    serve({
      [`POST /api/bookings/${STARTED._id}/complete`]: () => {
        bookings = [{ ...STARTED, status: 'completed' }, other];
        return jsonResponse(200, { success: true, message: BOOKING_MESSAGES.completed, data: bookings[0] });
      },
      [`POST /api/bookings/${other._id}/no-show`]: () => {
        bookings = [
          { ...STARTED, status: 'completed' },
          { ...other, status: 'no_show' },
        ];
        return jsonResponse(200, { success: true, message: BOOKING_MESSAGES.noShow, data: bookings[1] });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    let dialog = await choose(user, STARTED, 'Mark completed', "Mark Ann's booking completed?");
    expect(dialog).toHaveAccessibleDescription(
      'Wheel & Tyre Detail, May 10, 2030 09:00 - 10:00. This ends the booking and frees the rest of its bay time. It cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Booking marked completed')).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toHaveAttribute('data-variant', 'success');

    dialog = await choose(user, other, 'Mark no-show', "Mark Dee's booking as a no-show?");
    await user.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));
    expect(await screen.findByText('Booking marked as a no-show')).toBeInTheDocument();
    expect(await screen.findByText('No-show')).toHaveAttribute('data-variant', 'muted');

    const [complete] = sent('POST', `/api/bookings/${STARTED._id}/complete`);
    const [noShow] = sent('POST', `/api/bookings/${other._id}/no-show`);
    expect([await complete?.text(), await noShow?.text()]).toEqual(['', '']);
    expect(complete?.headers.get('authorization')).toBe('Bearer access-token');
    await waitFor(() => expect(listCalls()).toBe(3));
  });

  it('marks a started booking ready at once, with no body: toasts the server, badges it and offers it no more', async () => {
    const READY_MESSAGE = BOOKING_MESSAGES.markedReady;
    bookings = [STARTED];
    serve({
      [`POST /api/bookings/${STARTED._id}/ready`]: () => {
        bookings = [{ ...STARTED, readyAt: '2030-05-10T09:30:00.000Z' }];
        return jsonResponse(200, { success: true, message: READY_MESSAGE, data: bookings[0] });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await menuOf(STARTED));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark ready' }));

    expect(await screen.findByText(READY_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('Ready to collect')).toHaveAttribute('data-variant', 'success');
    const [ready] = sent('POST', `/api/bookings/${STARTED._id}/ready`);
    expect(await ready?.text()).toBe('');
    expect(ready?.headers.get('authorization')).toBe('Bearer access-token');
    await waitFor(() => expect(listCalls()).toBe(2));

    await user.click(await menuOf(STARTED));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Mark ready' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark completed' })).toBeInTheDocument();
  });

  it("shows the server's refusal of Mark ready, a booking already marked ready elsewhere", async () => {
    const ALREADY = BOOKING_MESSAGES.alreadyReady;
    bookings = [STARTED];
    serve({
      [`POST /api/bookings/${STARTED._id}/ready`]: () => {
        bookings = [{ ...STARTED, readyAt: '2030-05-10T09:20:00.000Z' }];
        return jsonResponse(409, { success: false, message: ALREADY });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await menuOf(STARTED));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark ready' }));

    expect(await screen.findByText(ALREADY)).toBeInTheDocument();
    expect(await screen.findByText('Ready to collect')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog open, the booking unchanged", async () => {
    bookings = [STARTED];
    serve({
      [`POST /api/bookings/${STARTED._id}/cancel`]: () =>
        jsonResponse(502, { success: false, message: BOOKING_MESSAGES.refundFailed }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await choose(user, STARTED, 'Cancel with refund', "Cancel Ann's booking?");
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Booked by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel with refund' }));

    expect(await screen.findByText(BOOKING_MESSAGES.refundFailed)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: "Cancel Ann's booking?" })).toBeInTheDocument();
    expect(screen.queryByText('Booking cancelled')).not.toBeInTheDocument();
    // A refusal refreshes the list too: it often means the row was stale (cancelled by someone else meanwhile).
    await waitFor(() => expect(listCalls()).toBe(2));

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Confirmed')).toHaveAttribute('data-variant', 'default');
  });
});
