import type { Booking } from '@carcare/contracts/bookings';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
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
type Fee = Booking['fees'][number];

const NOW = '2030-05-10T09:30:00.000Z';
const fee = (index: number, overrides: Partial<Fee> = {}): Fee => ({
  _id: `c0c0c000-0000-4000-8000-00000000000${index}`,
  kind: 'no_show',
  amount: 20,
  status: 'due',
  waiveReason: null,
  ...overrides,
});
// A booking the shop made to be paid by the card on file: $25 still due, and a no-show fee charged to the card.
const CARD = aBooking(1, '2030-05-09T10:00:00.000Z', '2030-05-09T11:00:00.000Z', {
  payment: 'unpaid',
  payWith: 'card',
  bookedByShop: true,
  amountPaid: 20,
  balanceDue: 25,
  policyVersion: 1,
  fees: [fee(1, { status: 'charged' })],
});

const fetchMock = stubFetch();
const requests: Request[] = [];
let bookings: Booking[] = [];

const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/bookings': () =>
        jsonResponse(200, { success: true, message: 'Bookings retrieved', data: bookings, totalDoc: bookings.length }),
      [`GET /api/bookings/${CARD._id}/notes`]: () =>
        jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.notesRetrieved, data: [] }),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
const listCalls = () => sent('GET', '/api/bookings').length;

const renderPage = (role: 'staff' | 'admin' = 'staff') =>
  renderRoutes([{ path: '/', Component: ManageBookingsPage }], { path: '/', session: signedIn(aUser({ role })) });

const openItem = async (user: ReturnType<typeof userEvent.setup>, booking: Booking, item: string) => {
  await user.click(
    await screen.findByRole('button', {
      name: `Actions for ${booking.customer.firstName}'s booking on ${booking.slot.date} at ${booking.slot.startTime}`,
    }),
  );
  await user.click(await screen.findByRole('menuitem', { name: item }));
};

const openDetails = async (user: ReturnType<typeof userEvent.setup>, booking: Booking = CARD) => {
  await openItem(user, booking, 'Payments and notes');
  return screen.findByRole('dialog', { name: 'Jane Doe: payments and notes' });
};

const feeLines = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Fees' }))
    .getAllByRole('listitem')
    .map((line) => Array.from(line.querySelectorAll('[data-part]'), (part) => part.textContent));

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe("a booking's fees in its payments and notes", { timeout: 30_000 }, () => {
  it('lists each fee with its amount and where it stands in words, and Waive for each one not waived', async () => {
    bookings = [
      {
        ...CARD,
        fees: [
          fee(1, { status: 'due' }),
          fee(2, { kind: 'late_cancel', amount: 15, status: 'charged' }),
          fee(3, { amount: 12.5, status: 'awaiting_customer' }),
          fee(4, { status: 'declined' }),
          fee(5, { kind: 'late_cancel', amount: 15, status: 'waived', waiveReason: 'Flat tyre on the way' }),
        ],
      },
    ];
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await openDetails(user);
    const fees = within(dialog).getByRole('region', { name: 'Fees' });
    expect(feeLines(dialog)).toEqual([
      ['No-show fee', '$20', 'Due'],
      ['Late cancellation fee', '$15', 'Charged to the card'],
      ['No-show fee', '$12.50', "Waiting for the customer's approval"],
      ['No-show fee', '$20', 'Declined by the card'],
      ['Late cancellation fee', '$15', 'Waived: Flat tyre on the way'],
    ]);
    expect(
      within(fees)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Waive', 'Waive', 'Waive', 'Waive']);
    expect(within(fees).getAllByRole('button', { name: 'Waive the late cancellation fee' })).toHaveLength(1);
    expect(within(fees).getAllByRole('button', { name: 'Waive the no-show fee' })).toHaveLength(3);
  });

  it('shows no Fees part for a booking without fees', async () => {
    bookings = [{ ...CARD, fees: [] }];
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await openDetails(user);
    expect(within(dialog).queryByRole('region', { name: 'Fees' })).toBeNull();
  });

  it('waives a fee: a reason is required, posted trimmed, the server message toasted and the list redrawn', async () => {
    bookings = [CARD];
    const waived: Booking = {
      ...CARD,
      fees: [fee(1, { status: 'waived', waiveReason: 'Regular customer' })],
    };
    serve({
      [`POST /api/bookings/${CARD._id}/fees/${fee(1)._id}/waive`]: () => {
        bookings = [waived];
        return jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.feeWaived, data: waived });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Waive the no-show fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive the no-show fee' });
    expect(dialog).toHaveAccessibleDescription('$20 · Charged to the card. What was charged goes back to the card.');

    // No reason: the contract's message, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.waiveReasonRequired);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.waiveReasonRequired);
    expect(sent('POST', `/api/bookings/${CARD._id}/fees/${fee(1)._id}/waive`)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Regular customer ');
    await user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.feeWaived)).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${CARD._id}/fees/${fee(1)._id}/waive`)[0]?.json()).toEqual({
      reason: 'Regular customer',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Waive the no-show fee' })).toBeNull());
    await waitFor(() => expect(feeLines(details)).toEqual([['No-show fee', '$20', 'Waived: Regular customer']]));
    expect(within(details).queryByRole('button', { name: 'Waive the no-show fee' })).toBeNull();
    expect(listCalls()).toBe(2);
  });

  it("shows the server's refusal of a waiver in the dialog and keeps it open", async () => {
    bookings = [CARD];
    serve({
      [`POST /api/bookings/${CARD._id}/fees/${fee(1)._id}/waive`]: () =>
        jsonResponse(409, { success: false, message: FRONT_DESK_MESSAGES.feeAlreadyWaived }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Waive the no-show fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive the no-show fee' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Regular customer');
    await user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.feeAlreadyWaived);
    expect(sent('POST', `/api/bookings/${CARD._id}/fees/${fee(1)._id}/waive`)).toHaveLength(1);
    expect(screen.queryByText(FRONT_DESK_MESSAGES.feeWaived)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Regular customer');
  });
});

describe('Charge card on file', { timeout: 30_000 }, () => {
  it('confirms the balance, posts an empty body, toasts the 202 message and refreshes the list', async () => {
    bookings = [CARD];
    serve({
      [`POST /api/bookings/${CARD._id}/charge-card`]: () =>
        jsonResponse(202, { success: true, message: FRONT_DESK_MESSAGES.cardNeedsCustomer, data: CARD }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    const money = within(details).getByRole('region', { name: 'Payments' });
    expect(
      within(money)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Take payment', 'Charge card on file']);
    await user.click(within(money).getByRole('button', { name: 'Charge card on file' }));
    const dialog = await screen.findByRole('dialog', { name: "Charge Jane Doe's card on file" });
    expect(dialog).toHaveAccessibleDescription(
      'Balance due: $25. The whole balance goes on the card the customer saved.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Charge $25' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.cardNeedsCustomer)).toBeInTheDocument();
    const [charge] = sent('POST', `/api/bookings/${CARD._id}/charge-card`);
    expect(await charge?.json()).toEqual({});
    expect(charge?.headers.get('authorization')).toBe('Bearer access-token');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Charge Jane Doe's card on file" })).toBeNull());
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('toasts the 200 message when the card was charged, and the button goes once nothing is due', async () => {
    bookings = [CARD];
    const charged: Booking = { ...CARD, payment: 'paid', amountPaid: 45, balanceDue: 0 };
    serve({
      [`POST /api/bookings/${CARD._id}/charge-card`]: () => {
        bookings = [charged];
        return jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.cardCharged, data: charged });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Charge card on file' }));
    const dialog = await screen.findByRole('dialog', { name: "Charge Jane Doe's card on file" });
    await user.click(within(dialog).getByRole('button', { name: 'Charge $25' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.cardCharged)).toBeInTheDocument();
    await waitFor(() => expect(within(details).queryByRole('button', { name: 'Charge card on file' })).toBeNull());
    expect(within(details).getByRole('button', { name: 'Take payment' })).toBeDisabled();
  });

  it("shows the server's 409 refusal in the dialog and keeps it open", async () => {
    bookings = [CARD];
    const message = FRONT_DESK_MESSAGES.cardDeclined('Your card has insufficient funds.');
    serve({
      [`POST /api/bookings/${CARD._id}/charge-card`]: () => jsonResponse(409, { success: false, message }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user);
    await user.click(within(details).getByRole('button', { name: 'Charge card on file' }));
    const dialog = await screen.findByRole('dialog', { name: "Charge Jane Doe's card on file" });
    await user.click(within(dialog).getByRole('button', { name: 'Charge $25' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(FRONT_DESK_MESSAGES.cardNeedsCustomer)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Charge Jane Doe's card on file" })).toBeInTheDocument();
  });

  it('is offered only for a confirmed or completed booking with something due', async () => {
    const pending: Booking = { ...CARD, status: 'pending' };
    bookings = [pending];
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    const details = await openDetails(user, pending);
    expect(within(details).getByRole('button', { name: 'Take payment' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Charge card on file' })).toBeNull();
  });
});

describe("marking a no-show toasts the server's message about its fee", { timeout: 30_000 }, () => {
  it('says the no-show fee was charged', async () => {
    const started = aBooking(3, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z');
    bookings = [started];
    serve({
      [`POST /api/bookings/${started._id}/no-show`]: () => {
        const noShow: Booking = { ...started, status: 'no_show', fees: [fee(1, { status: 'charged' })] };
        bookings = [noShow];
        return jsonResponse(200, { success: true, message: FRONT_DESK_MESSAGES.noShowFeeCharged, data: noShow });
      },
    });
    renderPage('admin');
    const user = userEvent.setup({ delay: null });

    await openItem(user, started, 'Mark no-show');
    const dialog = await screen.findByRole('alertdialog', { name: "Mark Jane's booking as a no-show?" });
    await user.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));
    expect(await screen.findByText(FRONT_DESK_MESSAGES.noShowFeeCharged)).toBeInTheDocument();
  });
});
