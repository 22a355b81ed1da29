import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { isPastCutoff } from '../change-cutoff';
import { MyBookingsPage } from '../pages/my-bookings-page';
import { aBooking, aService, aSlot } from './booking-fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

const NOW = '2030-05-10T06:00:00.000Z';
// 52 hours ahead: well before the 24-hour cut-off of the test shop (publicConfigBody).
const AHEAD = aBooking(1, '2030-05-12T10:00:00.000Z', '2030-05-12T11:00:00.000Z');
// 14 hours ahead: past the cut-off.
const SOON = aBooking(2, '2030-05-10T20:00:00.000Z', '2030-05-10T21:00:00.000Z', {
  service: { ...AHEAD.service, name: 'Foam Wash' },
});
const CONTACT = '+880 1700-000000 or hello@carcare.example';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

const fetchMock = stubFetch();
const requests: Request[] = [];
let myBookings: Booking[] = [];

/** Answers the config and the customer's bookings (as they stand), plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/my-bookings': () =>
        jsonResponse(200, { success: true, message: 'Bookings retrieved', data: myBookings }),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const myBookingsCalls = () => sent('GET', '/api/my-bookings').length;

const renderPage = () => renderRoutes([{ path: '/', Component: MyBookingsPage }], { path: '/', session: signedIn() });

const cardOf = async (serviceName: string) => screen.findByRole('article', { name: serviceName });

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  // Toasts live in sonner's module state: the next test's toaster would show this one's again.
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // jsdom has no object URLs: the download test gives URL its own.
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the cancellation cut-off', () => {
  it('allows changes up to exactly the cut-off before the start, and not a millisecond later', () => {
    const startsAt = '2030-05-11T06:00:00.000Z';
    expect(isPastCutoff(startsAt, 24, Date.parse('2030-05-10T06:00:00.000Z'))).toBe(false);
    expect(isPastCutoff(startsAt, 24, Date.parse('2030-05-10T06:00:00.001Z'))).toBe(true);
    expect(isPastCutoff(startsAt, 0, Date.parse('2030-05-11T05:59:59.999Z'))).toBe(false);
  });
});

// Dialogs and toasts render slowly on a loaded two-core machine.
describe('My Bookings card actions', { timeout: 30_000 }, () => {
  it('offers Cancel, Reschedule and Add to calendar on a confirmed booking ahead, and nothing on others', async () => {
    const started = aBooking(3, '2030-05-10T05:00:00.000Z', '2030-05-10T07:00:00.000Z', {
      service: { ...AHEAD.service, name: 'Interior Detail' },
    });
    const cancelled = aBooking(4, '2030-05-13T10:00:00.000Z', '2030-05-13T11:00:00.000Z', {
      service: { ...AHEAD.service, name: 'Ceramic Coating' },
      status: 'cancel',
    });
    myBookings = [AHEAD, started, cancelled];
    serve();
    renderPage();

    const ahead = await cardOf('Wheel & Tyre Detail');
    expect(within(ahead).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(ahead).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(within(ahead).getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
    expect(within(await cardOf('Interior Detail')).queryAllByRole('button')).toEqual([]);
    expect(within(await cardOf('Ceramic Coating')).queryAllByRole('button')).toEqual([]);
  });

  it('asks before cancelling, stating the refund, posts no body, toasts the refund and shows the card cancelled', async () => {
    myBookings = [AHEAD];
    const cancelledBooking: Booking = { ...AHEAD, status: 'cancel', refund: { amount: 45, status: 'refunded' } };
    serve({
      [`POST /api/bookings/${AHEAD._id}/cancel`]: () => {
        myBookings = [cancelledBooking];
        return jsonResponse(200, {
          success: true,
          message: BOOKING_MESSAGES.cancelled,
          data: { booking: cancelledBooking, refund: { amount: 45, status: 'refunded' } },
        });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveAccessibleDescription(
      'Wheel & Tyre Detail, May 12, 2030 10:00 - 11:00. You will be refunded $45 in full.',
    );
    expect(sent('POST', `/api/bookings/${AHEAD._id}/cancel`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(screen.getByText('Refunded $45', { selector: '[data-description]' })).toBeInTheDocument();
    const [cancel] = sent('POST', `/api/bookings/${AHEAD._id}/cancel`);
    expect(cancel?.headers.get('authorization')).toBe('Bearer access-token');
    expect(await cancel?.text()).toBe('');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const card = await cardOf('Wheel & Tyre Detail');
    await waitFor(() => expect(within(card).getByText('Cancelled')).toHaveAttribute('data-variant', 'destructive'));
    // Its payment reads what happened to the money, not 'Paid', and nothing counts down any more.
    expect(within(card).getByText('Refunded $45')).toHaveAttribute('data-slot', 'badge');
    expect(within(card).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Ends in|Slot ended/)).not.toBeInTheDocument();
    // It has left the upcoming bookings for the past ones.
    expect(within(screen.getByRole('region', { name: 'Past' })).getByRole('article')).toBe(card);
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).queryByRole('article')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(myBookingsCalls()).toBe(2);
  });

  it('keeps the booking when the refund is refused, showing the server message with the dialog still open', async () => {
    myBookings = [AHEAD];
    serve({
      [`POST /api/bookings/${AHEAD._id}/cancel`]: () =>
        jsonResponse(502, { success: false, message: BOOKING_MESSAGES.refundFailed }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText(BOOKING_MESSAGES.refundFailed)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Cancel this booking?' })).toBeInTheDocument();
    expect(screen.queryByText('Booking cancelled')).not.toBeInTheDocument();
    expect(sent('POST', `/api/bookings/${AHEAD._id}/cancel`)).toHaveLength(1);
  });

  it("shows a cancelled booking's refund: done, or on its way", async () => {
    myBookings = [
      { ...AHEAD, status: 'cancel', refund: { amount: 45, status: 'refunded' } },
      {
        ...SOON,
        service: { ...SOON.service, price: 29.5 },
        status: 'cancel',
        refund: { amount: 29.5, status: 'pending' },
      },
    ];
    serve();
    renderPage();

    expect(within(await cardOf('Wheel & Tyre Detail')).getByText('Refunded $45')).toBeInTheDocument();
    const pending = await cardOf('Foam Wash');
    expect(within(pending).getByText('Refund of $29.50 on its way')).toBeInTheDocument();
    expect(within(pending).getByText('$29.50')).toBeInTheDocument();
  });

  it("reschedules: the chosen day's free slots without the booking's own, then posts { slot } and moves the card", async () => {
    const nextDay = [aSlot(3, 'available', '2030-05-13'), aSlot(4, 'booked', '2030-05-13')];
    const moved: Booking = {
      ...AHEAD,
      slot: {
        _id: nextDay[0]?._id ?? '',
        date: '2030-05-13',
        startTime: '12:00',
        endTime: '13:00',
        startsAt: '2030-05-13T12:00:00.000Z',
        endsAt: '2030-05-13T13:00:00.000Z',
      },
    };
    myBookings = [AHEAD];
    serve({
      'GET /api/slots/availability': (request) => {
        const date = new URL(request.url).searchParams.get('date');
        // aSlot(1) is the booking's own slot: the dialog must not offer it.
        const slots = date === '2030-05-12' ? [aSlot(0, 'available', date), aSlot(1, 'booked', date)] : nextDay;
        return jsonResponse(200, { success: true, message: 'ok', data: slots });
      },
      [`POST /api/bookings/${AHEAD._id}/reschedule`]: () => {
        myBookings = [moved];
        return jsonResponse(200, { success: true, message: BOOKING_MESSAGES.rescheduled, data: moved });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.reschedulePrompt });
    expect(dialog).toHaveAccessibleDescription(BOOKING_MESSAGES.rescheduleNotice);
    expect(await within(dialog).findByRole('heading', { name: 'Available slots on May 12, 2030' })).toBeInTheDocument();
    let list = await within(dialog).findByRole('list', { name: 'Available slots' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['09:00 - 10:00']);
    const move = within(dialog).getByRole('button', { name: 'Move booking' });
    expect(move).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /May 9th, 2030/ })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: /May 13th, 2030/ }));
    expect(await within(dialog).findByRole('heading', { name: 'Available slots on May 13, 2030' })).toBeInTheDocument();
    list = await within(dialog).findByRole('list', { name: 'Available slots' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['12:00 - 13:00', '13:00 - 14:00']);
    expect(within(dialog).getByRole('button', { name: '13:00 - 14:00' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: '12:00 - 13:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await screen.findByText(BOOKING_MESSAGES.rescheduled)).toBeInTheDocument();
    expect(screen.getByText('May 13, 2030 12:00 - 13:00')).toBeInTheDocument();
    const [reschedule] = sent('POST', `/api/bookings/${AHEAD._id}/reschedule`);
    expect(await reschedule?.json()).toEqual({ slot: nextDay[0]?._id });
    // The booking's own day, the chosen day, and that day again: the move invalidated the cached slots.
    await waitFor(() =>
      expect(sent('GET', '/api/slots/availability').map((request) => new URL(request.url).search)).toEqual([
        `?service=${aService()._id}&date=2030-05-12`,
        `?service=${aService()._id}&date=2030-05-13`,
        `?service=${aService()._id}&date=2030-05-13`,
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await cardOf('Wheel & Tyre Detail');
    await waitFor(() => expect(within(card).getByText('May 13, 2030')).toBeInTheDocument());
    expect(within(card).getByText('12:00 - 13:00')).toBeInTheDocument();
  });

  it('offers, to move a booking made for a class with add-ons, only the times where that whole job fits', async () => {
    const suv = 'c1a55000-0000-4000-8000-000000000002';
    const petHair = 'add0a000-0000-4000-8000-000000000001';
    myBookings = [
      {
        ...AHEAD,
        vehicleClass: { _id: suv, name: 'SUV' },
        lines: [
          { kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 60, minutes: 90 },
          { kind: 'addOn', addOn: petHair, name: 'Pet hair removal', price: 35, minutes: 30 },
        ],
        total: 95,
        duration: 120,
      },
    ];
    serve({
      'GET /api/slots/availability': () => jsonResponse(200, { success: true, message: 'ok', data: [] }),
      'GET /api/slots/calendar': () => jsonResponse(404, { success: false, message: 'Not found' }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.reschedulePrompt });
    expect(await within(dialog).findByText('No slot available')).toBeInTheDocument();
    const asked = (path: string) => sent('GET', path).map((request) => new URL(request.url).searchParams);
    expect(asked('/api/slots/availability').map((query) => query.toString())).toEqual([
      `service=${aService()._id}&date=2030-05-12&vehicleClass=${suv}&addOns=${petHair}`,
    ]);
    expect(asked('/api/slots/calendar').every((query) => query.get('vehicleClass') === suv)).toBe(true);
  });

  it("shows the server's reason when the new slot was taken meanwhile, and keeps the dialog open", async () => {
    myBookings = [AHEAD];
    serve({
      'GET /api/slots/availability': (request) =>
        jsonResponse(200, {
          success: true,
          message: 'ok',
          data: [aSlot(0, 'available', new URL(request.url).searchParams.get('date') ?? '')],
        }),
      [`POST /api/bookings/${AHEAD._id}/reschedule`]: () =>
        jsonResponse(409, { success: false, message: BOOKING_MESSAGES.slotFull }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: BOOKING_MESSAGES.reschedulePrompt });
    await user.click(await within(dialog).findByRole('button', { name: '09:00 - 10:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await screen.findByText(BOOKING_MESSAGES.slotFull)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: BOOKING_MESSAGES.reschedulePrompt })).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${AHEAD._id}/reschedule`)[0]?.json()).toEqual({
      slot: aSlot(0, 'available')._id,
    });
  });

  it('disables Cancel and Reschedule past the cut-off and says why and whom to contact', async () => {
    myBookings = [SOON, AHEAD];
    serve();
    renderPage();

    const soon = await cardOf('Foam Wash');
    const reason = BOOKING_MESSAGES.pastCutoff(24, CONTACT);
    expect(reason).toBe(
      `Bookings can be cancelled or moved online up to 24 hours before they start. To change this one, please contact the shop: ${CONTACT}`,
    );
    expect(await within(soon).findByText(reason)).toBeInTheDocument();
    for (const name of ['Cancel', 'Reschedule']) {
      const button = within(soon).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    expect(within(soon).getByRole('button', { name: 'Add to calendar' })).toBeEnabled();

    const ahead = await cardOf('Wheel & Tyre Detail');
    expect(within(ahead).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(ahead).queryByText(reason)).not.toBeInTheDocument();
  });

  it('keeps Cancel past the cut-off when the accepted terms allow it for a fee, saying what it costs', async () => {
    const paidSoon: Booking = { ...SOON, amountPaid: 45, lateCancellation: { kind: 'fee', amount: 15 } };
    myBookings = [paidSoon];
    const cancelledBooking: Booking = { ...paidSoon, status: 'cancel', cancelReason: 'Customer changed plans' };
    serve({
      [`POST /api/bookings/${SOON._id}/cancel`]: () => {
        myBookings = [cancelledBooking];
        return jsonResponse(200, {
          success: true,
          message: BOOKING_MESSAGES.cancelled,
          data: { booking: cancelledBooking, refund: { amount: 45, status: 'refunded' } },
        });
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const soon = await cardOf('Foam Wash');
    const reason =
      `Bookings can be moved online up to 24 hours before they start. To move this one, please contact the shop: ${CONTACT}` +
      ' Cancelling it now costs a late cancellation fee of $15, charged to your card.';
    expect(await within(soon).findByText(reason)).toBeInTheDocument();
    expect(within(soon).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    const cancel = within(soon).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    expect(cancel).toHaveAccessibleDescription(reason);

    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveAccessibleDescription(
      'Foam Wash, May 10, 2030 20:00 - 21:00. Cancelling it now costs a late cancellation fee of $15, charged to your card. You will be refunded $45 in full.',
    );
    // The customer's own words for the shop's reasons; Other is theirs to write.
    const why = within(dialog).getByRole('combobox', { name: 'Why are you cancelling? (optional)' });
    expect(
      within(why)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason',
      'My plans changed',
      'Weather',
      'My car is not available',
      'I booked by mistake',
      'Other',
    ]);
    await user.selectOptions(why, 'My plans changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    const [posted] = sent('POST', `/api/bookings/${SOON._id}/cancel`);
    expect(await posted?.json()).toEqual({ reason: 'Customer changed plans' });
  });

  it('says the deposit is kept past the cut-off under terms that keep it, and sends the reason written', async () => {
    const depositSoon: Booking = {
      ...SOON,
      amountPaid: 10,
      balanceDue: 35,
      lateCancellation: { kind: 'keepDeposit', amount: 10 },
    };
    myBookings = [depositSoon];
    serve({
      [`POST /api/bookings/${SOON._id}/cancel`]: () =>
        jsonResponse(200, {
          success: true,
          message: BOOKING_MESSAGES.cancelled,
          data: { booking: { ...depositSoon, status: 'cancel' }, refund: { amount: 0, status: 'none' } },
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const soon = await cardOf('Foam Wash');
    expect(await within(soon).findByText(/Cancelling it now keeps your deposit of \$10\.$/)).toBeInTheDocument();
    await user.click(within(soon).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveAccessibleDescription(
      'Foam Wash, May 10, 2030 20:00 - 21:00. Cancelling it now keeps your deposit of $10.',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Why are you cancelling/ }), 'Other');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason in words' }), '  Moving away  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    const [posted] = sent('POST', `/api/bookings/${SOON._id}/cancel`);
    expect(await posted?.json()).toEqual({ reason: 'Moving away' });
  });

  it('downloads the .ics with the bearer token, refreshing an expired session first, and saves it as a file', async () => {
    const freshUser = aUser({ firstName: 'Fresh' });
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:calendar';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    myBookings = [AHEAD];
    serve({
      [`GET /api/bookings/${AHEAD._id}/calendar.ics`]: (request) =>
        request.headers.get('authorization') === 'Bearer new-access'
          ? new Response(ICS, {
              status: 200,
              headers: {
                'content-type': 'text/calendar; charset=utf-8',
                'content-disposition': 'attachment; filename="carcare-booking-2030-05-12.ics"',
              },
            })
          : jsonResponse(401, { success: false, message: 'You are not signed in' }),
      'POST /api/auth/refreshToken': () =>
        jsonResponse(200, {
          success: true,
          message: 'Token refreshed',
          data: { ...freshUser, accessToken: 'new-access', refreshToken: 'new-refresh', user: freshUser },
        }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Add to calendar' }));

    expect(await screen.findByText(BOOKING_MESSAGES.calendarSaved)).toBeInTheDocument();
    const calendarCalls = sent('GET', `/api/bookings/${AHEAD._id}/calendar.ics`);
    expect(calendarCalls.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer access-token',
      'Bearer new-access',
    ]);
    expect(sent('POST', '/api/auth/refreshToken')).toHaveLength(1);
    expect(saved).toEqual([{ href: 'blob:calendar', download: 'carcare-booking-2030-05-12.ics' }]);
    expect(blobs.map((blob) => blob.type)).toEqual(['text/calendar']);
    expect(await blobs[0]?.text()).toBe(ICS);
  });

  it("shows the server's message when the calendar file cannot be had", async () => {
    myBookings = [AHEAD];
    serve({
      [`GET /api/bookings/${AHEAD._id}/calendar.ics`]: () =>
        jsonResponse(404, { success: false, message: BOOKING_MESSAGES.notFound }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(within(await cardOf('Wheel & Tyre Detail')).getByRole('button', { name: 'Add to calendar' }));

    expect(await screen.findByText(BOOKING_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByText(BOOKING_MESSAGES.calendarSaved)).not.toBeInTheDocument();
  });
});

describe('status badges on the customer cards', () => {
  it('reads each status, cancel destructive, completed positive, no-show muted and the rest secondary', async () => {
    const names = ['Pending Wash', 'Confirmed Wash', 'Cancelled Wash', 'Completed Wash', 'Missed Wash'];
    const statuses = ['pending', 'confirm', 'cancel', 'completed', 'no_show'] as const;
    myBookings = statuses.map((status, index) =>
      aBooking(index + 1, '2030-05-09T10:00:00.000Z', '2030-05-09T11:00:00.000Z', {
        service: { ...AHEAD.service, name: names[index] ?? '' },
        status,
      }),
    );
    serve();
    renderPage();

    const badges = await Promise.all(
      names.map(async (name) => {
        const [, status] = within(await cardOf(name)).getAllByText(/./, { selector: '[data-slot="badge"]' });
        return [status?.textContent, status?.getAttribute('data-variant')];
      }),
    );
    expect(badges).toEqual([
      ['Awaiting payment', 'secondary'],
      ['Confirmed', 'secondary'],
      ['Cancelled', 'destructive'],
      ['Completed', 'success'],
      ['No-show', 'muted'],
    ]);
  });
});
