import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import type { BookingNote } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageBookingsPage } from '../pages/manage-bookings-page';
import { aBooking, aService, aSlot } from './booking-fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

const NOW = '2030-05-10T09:30:00.000Z';
// A phone booking paid at the counter: a deposit of $20 taken in cash, $25 still due, and the customer's note.
const COUNTER = aBooking(1, '2030-05-12T10:00:00.000Z', '2030-05-12T11:00:00.000Z', {
  payment: 'unpaid',
  payWith: 'counter',
  bookedByShop: true,
  amountPaid: 20,
  balanceDue: 25,
  customerNote: 'Dog hair in the boot',
  payments: [
    {
      _id: 'e0e0e000-0000-4000-8000-000000000001',
      kind: 'deposit',
      method: 'cash',
      amount: 20,
      createdAt: '2030-05-09T14:05:00.000Z',
    },
  ],
});
const NOTE: BookingNote = {
  _id: 'f0f0f000-0000-4000-8000-000000000001',
  body: 'Called to confirm, will arrive early',
  author: { _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a99', name: 'Sam Staff' },
  createdAt: '2030-05-09T15:00:00.000Z',
};

const fetchMock = stubFetch();
const requests: Request[] = [];
let bookings: Booking[] = [];
let notes: BookingNote[] = [];

const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/bookings': () =>
        jsonResponse(200, { success: true, message: 'Bookings retrieved', data: bookings, totalDoc: bookings.length }),
      [`GET /api/bookings/${COUNTER._id}/notes`]: () =>
        jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.notesRetrieved, data: notes }),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const renderPage = () =>
  renderRoutes([{ path: '/', Component: ManageBookingsPage }], {
    path: '/',
    session: signedIn(aUser({ role: 'staff' })),
  });

const openItem = async (user: ReturnType<typeof userEvent.setup>, booking: Booking, item: string) => {
  await user.click(
    await screen.findByRole('button', {
      name: `Actions for ${booking.customer.firstName}'s booking on ${booking.slot.date} at ${booking.slot.startTime}`,
    }),
  );
  await user.click(await screen.findByRole('menuitem', { name: item }));
};

const openDetails = async (user: ReturnType<typeof userEvent.setup>) => {
  await openItem(user, COUNTER, 'Payments and notes');
  return screen.findByRole('dialog', { name: 'Jane Doe: payments and notes' });
};

beforeEach(() => {
  requests.length = 0;
  notes = [NOTE];
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe("a booking's payments and notes in Booking Management", { timeout: 30_000 }, () => {
  it("shows the customer's note, what was paid, what is due and each payment line, and the shop's notes", async () => {
    bookings = [COUNTER];
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    // The list says what is still due under the payment.
    const row = (await screen.findByText('$25 due')).closest('tr');
    if (!row) throw new Error('no table row');
    expect(Array.from(within(row).getAllByRole('cell')[3]?.children ?? [], (part) => part.textContent)).toEqual([
      'Unpaid',
      '$25 due',
    ]);
    expect(row.querySelector('[data-part="customer-note"]')).toHaveTextContent("Customer's note: Dog hair in the boot");

    const dialog = await openDetails(user);
    expect(within(dialog).getByRole('region', { name: "Customer's note" })).toHaveTextContent(
      "Customer's noteDog hair in the boot",
    );
    const money = within(dialog).getByRole('region', { name: 'Payments' });
    expect(
      Array.from(money.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Price', '$45'],
      ['Amount paid', '$20'],
      ['Balance due', '$25'],
      ['Paid by', 'At the counter'],
    ]);
    expect(
      within(within(money).getByRole('list', { name: 'Payment lines' }))
        .getAllByRole('listitem')
        .map((line) => Array.from(line.children, (part) => part.textContent)),
    ).toEqual([['Deposit · Cash', '$20', 'May 9, 2030, 2:05 PM']]);
    const noteList = await within(dialog).findByRole('list', { name: 'Notes' });
    expect(
      within(noteList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Called to confirm, will arrive earlySam Staff · May 9, 2030, 3:00 PM']);
  });

  it('takes a payment: the balance prefilled, the method and amount posted exactly, the figures redrawn', async () => {
    bookings = [COUNTER];
    const paid: Booking = {
      ...COUNTER,
      amountPaid: 45,
      balanceDue: 0,
      payments: [
        ...COUNTER.payments,
        {
          _id: 'e0e0e000-0000-4000-8000-000000000002',
          kind: 'balance',
          method: 'card',
          amount: 25,
          createdAt: '2030-05-10T09:30:00.000Z',
        },
      ],
    };
    serve({
      [`POST /api/bookings/${COUNTER._id}/payments`]: () => {
        bookings = [paid];
        return jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.paymentRecorded, data: paid });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment from Jane Doe' });
    expect(dialog).toHaveAccessibleDescription('Balance due: $25');
    expect(within(dialog).getByRole('radio', { name: 'Cash' })).toBeChecked();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('25');

    // The contract's own checks, before anything is sent.
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(FRONT_DESK_MESSAGES.amountInvalid)).toBeInTheDocument();
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText(FRONT_DESK_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(sent('POST', `/api/bookings/${COUNTER._id}/payments`)).toEqual([]);

    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.paymentRecorded)).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${COUNTER._id}/payments`)[0]?.json()).toEqual({
      method: 'card',
      amount: 25,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take payment from Jane Doe' })).toBeNull());
    const money = within(screen.getByRole('dialog', { name: 'Jane Doe: payments and notes' })).getByRole('region', {
      name: 'Payments',
    });
    await waitFor(() => expect(money.querySelector('[data-part="balance-due"]')).toHaveTextContent('$0'));
    expect(money.querySelector('[data-part="amount-paid"]')).toHaveTextContent('$45');
    expect(
      within(money)
        .getAllByRole('listitem')
        .map((line) => line.firstElementChild?.textContent),
    ).toEqual(['Deposit · Cash', 'Balance · Card']);
    expect(within(money).getByRole('button', { name: 'Take payment' })).toBeDisabled();
  });

  it("shows the server's refusal of a payment in the dialog and keeps it open", async () => {
    bookings = [COUNTER];
    const message = FRONT_DESK_MESSAGES.amountOverBalance('$25');
    serve({
      [`POST /api/bookings/${COUNTER._id}/payments`]: () => jsonResponse(409, { success: false, message }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment from Jane Doe' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(await sent('POST', `/api/bookings/${COUNTER._id}/payments`)[0]?.json()).toEqual({
      method: 'cash',
      amount: 25,
    });
    expect(screen.queryByText(FRONT_DESK_MESSAGES.paymentRecorded)).not.toBeInTheDocument();
  });

  it('adds a note: an empty one is refused before sending, the body is posted trimmed, the list is read again', async () => {
    bookings = [COUNTER];
    const added: BookingNote = {
      ...NOTE,
      _id: 'f0f0f000-0000-4000-8000-000000000002',
      body: 'Key left at the desk',
      createdAt: '2030-05-10T09:30:00.000Z',
    };
    serve({
      [`POST /api/bookings/${COUNTER._id}/notes`]: () => {
        notes = [NOTE, added];
        return jsonResponse(201, { success: true, message: FRONT_DESK_MESSAGES.noteAdded, data: added });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await openDetails(user);
    await within(dialog).findByRole('list', { name: 'Notes' });
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.noteRequired);
    expect(sent('POST', `/api/bookings/${COUNTER._id}/notes`)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'New note' }), '  Key left at the desk ');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.noteAdded)).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${COUNTER._id}/notes`)[0]?.json()).toEqual({
      body: 'Key left at the desk',
    });
    await waitFor(() =>
      expect(within(within(dialog).getByRole('list', { name: 'Notes' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(within(dialog).getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(sent('GET', `/api/bookings/${COUNTER._id}/notes`)).toHaveLength(2);
  });

  it("shows the server's refusal of a note under the field", async () => {
    bookings = [COUNTER];
    serve({
      [`POST /api/bookings/${COUNTER._id}/notes`]: () =>
        jsonResponse(409, { success: false, message: FRONT_DESK_MESSAGES.tooManyNotes }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await openDetails(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'New note' }), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.tooManyNotes);
    expect(within(dialog).getByRole('textbox', { name: 'New note' })).toHaveValue('One more');
  });
});

describe('the shop moves a booking with a reason', { timeout: 30_000 }, () => {
  const moveServer = (onMove: Handler) =>
    serve({
      'GET /api/slots/availability': (request) => {
        const date = new URL(request.url).searchParams.get('date') ?? '';
        return jsonResponse(200, {
          success: true,
          message: 'ok',
          data: [aSlot(0, 'available', date), aSlot(1, 'booked', date)],
        });
      },
      [`POST /api/bookings/${COUNTER._id}/reschedule`]: onMove,
    });

  it('asks why, says weather and the shop cost the customer nothing, and posts { slot, reason, reasonText }', async () => {
    bookings = [COUNTER];
    const moved: Booking = {
      ...COUNTER,
      slot: { ...COUNTER.slot, _id: aSlot(0, 'available')._id, startTime: '09:00' },
    };
    moveServer(() => {
      bookings = [moved];
      return jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.movedByShop, data: moved });
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await openItem(user, COUNTER, 'Reschedule');
    const dialog = await screen.findByRole('dialog', { name: "Move Jane Doe's booking" });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(Array.from(reason.querySelectorAll('option'), (option) => option.textContent)).toEqual([
      'Choose a reason',
      'Customer asked',
      'Weather',
      "Shop's request",
      'Other',
    ]);
    expect(reason).toHaveAccessibleDescription(
      "Weather and the shop's request cost the customer nothing: the email says so.",
    );
    await user.click(await within(dialog).findByRole('button', { name: '09:00 - 10:00' }));

    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.reasonRequired);
    expect(sent('POST', `/api/bookings/${COUNTER._id}/reschedule`)).toEqual([]);

    await user.selectOptions(reason, 'weather');
    expect(within(dialog).getByText('No charge to the customer for this move.')).toHaveAttribute('role', 'status');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason in words (optional)' }), 'Heavy rain');
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await screen.findByText(BOOKING_MESSAGES.rescheduled)).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${COUNTER._id}/reschedule`)[0]?.json()).toEqual({
      slot: aSlot(0, 'available')._id,
      reason: 'weather',
      reasonText: 'Heavy rain',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      sent('GET', '/api/slots/availability').map((request) => new URL(request.url).searchParams.get('service')),
    ).toContain(aService()._id);
  });

  it("wants words for Other, and shows the server's refusal", async () => {
    bookings = [COUNTER];
    moveServer(() => jsonResponse(409, { success: false, message: BOOKING_MESSAGES.slotFull }));
    renderPage();
    const user = userEvent.setup({ delay: null });

    await openItem(user, COUNTER, 'Reschedule');
    const dialog = await screen.findByRole('dialog', { name: "Move Jane Doe's booking" });
    await user.click(await within(dialog).findByRole('button', { name: '09:00 - 10:00' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'other');
    expect(within(dialog).queryByText('No charge to the customer for this move.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.reasonRequired);
    expect(sent('POST', `/api/bookings/${COUNTER._id}/reschedule`)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Say why' }), 'Bay repairs');
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await screen.findByText(BOOKING_MESSAGES.slotFull)).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${COUNTER._id}/reschedule`)[0]?.json()).toEqual({
      slot: aSlot(0, 'available')._id,
      reason: 'other',
      reasonText: 'Bay repairs',
    });
    expect(screen.getByRole('dialog', { name: "Move Jane Doe's booking" })).toBeInTheDocument();
  });
});
