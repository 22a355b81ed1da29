import type { Booking } from '@carcare/contracts/bookings';
import { PAYMENT_POLICY_MESSAGES, type ServicePaymentMode } from '@carcare/contracts/payment-policy-constants';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, PET_HAIR, SUV } from '@/features/garage/__tests__/garage-fixtures';
import { aPublicConfig, aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { BookingCard } from '../components/booking-card';
import { ProceedBookingPage } from '../pages/proceed-booking-page';
import { aBooking, aService, aSlot } from './booking-fixtures';

const fetchMock = stubFetch();
const SLOT = aSlot(0, 'available');
const SUV_LINES: Booking['lines'] = [
  { kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 60, minutes: 90 },
  { kind: 'addOn', addOn: PET_HAIR, name: 'Pet hair removal', price: 35, minutes: 30 },
];

type Sent = { path: string; body: unknown };

type Serve = {
  quoteRefusal?: string;
  paymentMode?: ServicePaymentMode;
  bookingRefusal?: string;
  /** The checkout the booking opens; empty when a member's plan paid it all. */
  paymentUrl?: string;
  /** The member's plan the quote says pays the job. */
  membership?: { _id: string; name: string };
};

/**
 * The proceed-booking page's API: the shop's terms, the service (how it is paid online), the slot's detail, the
 * quote of the job, and the booking it creates.
 */
const serve = ({
  quoteRefusal,
  paymentMode = 'full',
  bookingRefusal,
  paymentUrl = '/pay/sbx_1',
  membership,
}: Serve = {}) => {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return jsonResponse(200, ok('Configuration', { ...aPublicConfig(), policyVersion: 3 }));
    if (path === `/api/services/${aService()._id}`) {
      return jsonResponse(200, ok('Service', { ...aService(), paymentMode }));
    }
    if (path === `/api/slots/availability/${SLOT._id}`) {
      return jsonResponse(
        200,
        ok('Slot', { ...SLOT, service: { _id: aService()._id, name: aService().name, price: 45, duration: 60 } }),
      );
    }
    if (path === '/api/bookings/quote' || path === '/api/bookings') {
      const body: unknown = await request.json();
      sent.push({ path, body });
      if (path === '/api/bookings/quote' && quoteRefusal) {
        return jsonResponse(400, { success: false, message: quoteRefusal });
      }
      if (path === '/api/bookings' && bookingRefusal) {
        return jsonResponse(409, { success: false, message: bookingRefusal });
      }
      if (path === '/api/bookings') {
        return jsonResponse(
          201,
          ok('Booking created', {
            payment_url: paymentUrl,
            booking: aBooking(0, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z'),
          }),
        );
      }
      const quote = {
        lines: SUV_LINES,
        total: 95,
        duration: 120,
        vehicleClass: { _id: SUV, name: 'SUV' },
        membership: membership ?? null,
        currency: 'USD',
      };
      return jsonResponse(200, ok('Quote ready', quote));
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

const chosen = (job: Record<string, string>) =>
  window.sessionStorage.setItem('booking', JSON.stringify({ service: aService()._id, slot: SLOT._id, ...job }));

/** The summary's rows as "term value". */
const rowsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

const renderProceed = (customer = aUser()) =>
  renderRoutes([{ path: '/', Component: ProceedBookingPage }], { path: '/', session: signedIn(customer) });

/** Ticks "I accept these terms" once the terms are shown (the box waits for them). */
const acceptTerms = async (user: ReturnType<typeof userEvent.setup>) => {
  const accept = await screen.findByRole('checkbox', { name: 'I accept these terms' });
  await waitFor(() => expect(accept).toBeEnabled());
  await user.click(accept);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('the booking summary', () => {
  it("shows the class, the server's lines for the job and its total, and books the job with Pay Now", async () => {
    const sent = serve();
    chosen({ vehicleClass: SUV, addOns: PET_HAIR });
    const user = userEvent.setup();
    renderProceed();

    const summary = await screen.findByRole('region', { name: 'Your booking' });
    await waitFor(() =>
      expect(rowsOf(summary)).toEqual([
        'Service Wheel & Tyre Detail',
        `${JOB_WORDS.vehicleClass} SUV`,
        'Duration 120 minutes',
        'Date May 10, 2030',
        'Time 09:00 - 10:00',
        'Wheel & Tyre Detail $60',
        'Pet hair removal +$35',
        'Total $95',
      ]),
    );
    expect(sent).toEqual([
      {
        path: '/api/bookings/quote',
        body: { service: aService()._id, slot: SLOT._id, vehicleClass: SUV, addOns: [PET_HAIR] },
      },
    ]);

    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      path: '/api/bookings',
      body: {
        service: aService()._id,
        slot: SLOT._id,
        customer: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
        vehicleClass: SUV,
        addOns: [PET_HAIR],
        acceptPolicy: 3,
      },
    });
  });

  it('looks as it always did for a choice without a vehicle, class or add-on, and books the service alone', async () => {
    const sent = serve();
    chosen({});
    const user = userEvent.setup();
    renderProceed();

    const summary = await screen.findByRole('region', { name: 'Your booking' });
    expect(rowsOf(summary)).toEqual([
      'Service Wheel & Tyre Detail',
      'Duration 60 minutes',
      'Price $45',
      'Date May 10, 2030',
      'Time 09:00 - 10:00',
      'Total $45',
    ]);
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      service: aService()._id,
      slot: SLOT._id,
      customer: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
      acceptPolicy: 3,
    });
  });

  it('says which plan pays, and goes to the confirmation instead of a checkout when nothing is left to pay', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    serve({ paymentUrl: '', membership: { _id: '6d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11', name: 'Wash Club' } });
    chosen({ vehicleClass: SUV });
    const user = userEvent.setup();
    renderProceed();
    expect(
      await screen.findByText('Your Wash Club covers this wash: you pay only what it does not cover.'),
    ).toBeInTheDocument();
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const booking = aBooking(0, '2030-05-10T09:00:00.000Z', '2030-05-10T10:00:00.000Z');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/payment/success?booking=${booking._id}`));
  });
});

const CUTOFF =
  'Cancel or move your booking up to 24 hours before it starts at no cost. Later, please contact the shop.';

const termsOf = async () => {
  const terms = await screen.findByRole('region', { name: 'Payment and cancellation terms' });
  await within(terms).findByRole('list');
  return within(terms)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('the terms before paying', () => {
  it('shows the terms for a deposit service and its total, and keeps Pay Now disabled until they are accepted', async () => {
    const sent = serve({ paymentMode: 'deposit' });
    chosen({});
    const user = userEvent.setup();
    renderProceed();

    // 20% of $45 is $9, below the $10 minimum.
    expect(await termsOf()).toEqual(['You pay a deposit of $10 now and the balance of $35 at the shop.', CUTOFF]);
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    const accept = screen.getByRole('checkbox', { name: 'I accept these terms' });
    expect(accept).not.toBeChecked();
    expect(pay).toBeDisabled();
    await user.click(pay);
    expect(sent).toEqual([]);

    await user.click(accept);
    expect(pay).toBeEnabled();
    await user.click(accept);
    expect(pay).toBeDisabled();
    await user.click(accept);
    await user.click(pay);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/api/bookings',
      body: {
        service: aService()._id,
        slot: SLOT._id,
        customer: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
        acceptPolicy: 3,
      },
    });
  });

  it("reads the terms for the job's quoted total", async () => {
    serve({ paymentMode: 'deposit' });
    chosen({ vehicleClass: SUV, addOns: PET_HAIR });
    renderProceed();
    expect(await termsOf()).toEqual(['You pay a deposit of $19 now and the balance of $76 at the shop.', CUTOFF]);
  });

  it('says a card-saved service takes nothing now, and a service paid in full takes its price', async () => {
    serve({ paymentMode: 'card' });
    chosen({});
    const { unmount } = renderProceed();
    expect(await termsOf()).toEqual(['Nothing is taken now: your card is saved, and $45 is paid at the shop.', CUTOFF]);
    unmount();

    serve({ paymentMode: 'full' });
    renderProceed();
    expect(await termsOf()).toEqual(['You pay $45 now.', CUTOFF]);
  });

  it('asks again when the terms changed while the customer was booking', async () => {
    serve({ bookingRefusal: PAYMENT_POLICY_MESSAGES.policyChanged });
    chosen({});
    const user = userEvent.setup();
    renderProceed();

    const accept = await screen.findByRole('checkbox', { name: 'I accept these terms' });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByText(PAYMENT_POLICY_MESSAGES.policyChanged)).toBeInTheDocument();
    expect(accept).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });
});

describe('the consent to texts before paying', () => {
  const TEXTS = 'Text me about my bookings';

  it('sends textsAccepted with the booking when the customer ticks it', async () => {
    const sent = serve();
    chosen({});
    const user = userEvent.setup();
    renderProceed();

    const texts = await screen.findByRole('checkbox', { name: TEXTS });
    expect(texts).not.toBeChecked();
    await user.click(texts);
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ textsAccepted: true, acceptPolicy: 3 });
  });

  it('is ticked for a customer who accepts texts, and sends false when they untick it', async () => {
    const sent = serve();
    chosen({});
    const user = userEvent.setup();
    renderProceed(aUser({ textsAccepted: true }));

    const texts = await screen.findByRole('checkbox', { name: TEXTS });
    expect(texts).toBeChecked();
    await user.click(texts);
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ textsAccepted: false });
  });

  it('is not offered to a customer without a phone, and nothing is sent for it', async () => {
    const sent = serve();
    chosen({});
    const user = userEvent.setup();
    renderProceed(aUser({ phone: null }));

    await acceptTerms(user);
    expect(screen.queryByRole('checkbox', { name: TEXTS })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).not.toHaveProperty('textsAccepted');
  });
});

describe('a job the server will not price', () => {
  it('says why instead of a price it would not be booked at', async () => {
    serve({ quoteRefusal: VEHICLE_MESSAGES.archivedCannotBook });
    chosen({ vehicle: '7e41c1e0-0000-4000-8000-000000000001' });
    renderProceed();

    const summary = await screen.findByRole('region', { name: 'Your booking' });
    expect(await within(summary).findByRole('alert')).toHaveTextContent(VEHICLE_MESSAGES.archivedCannotBook);
    expect(within(summary).queryByText('Total')).toBeNull();
    expect(within(summary).queryByText('$45')).toBeNull();
  });
});

describe('a booking card in My Bookings', () => {
  const renderCard = (booking: Booking) => {
    fetchMock.mockImplementation(async () => jsonResponse(200, ok('Configuration', aPublicConfig())));
    renderRoutes([{ path: '/', element: <BookingCard booking={booking} /> }], { path: '/', session: signedIn() });
    return screen.getByRole('article', { name: 'Wheel & Tyre Detail' });
  };

  it('shows the vehicle with its plate, its class, each line and the total', () => {
    const card = renderCard(
      aBooking(1, '2030-05-14T10:00:00.000Z', '2030-05-14T12:00:00.000Z', {
        total: 95,
        duration: 120,
        lines: SUV_LINES,
        vehicleClass: { _id: SUV, name: 'SUV' },
        vehicle: {
          _id: '7e41c1e0-0000-4000-8000-000000000001',
          make: 'Toyota',
          model: 'RAV4',
          year: 2021,
          colour: 'Blue',
          plate: 'ABC123',
          plateRegion: 'CA',
          nickname: 'Family SUV',
        },
      }),
    );
    expect(rowsOf(card)).toEqual([
      'Date May 14, 2030',
      'Time 10:00 - 12:00',
      `${JOB_WORDS.vehicle} Family SUV · ABC123 · CA`,
      `${JOB_WORDS.vehicleClass} SUV`,
      'Wheel & Tyre Detail $60',
      'Pet hair removal +$35',
      'Total $95',
    ]);
  });

  it('shows a booking made without a vehicle exactly as before: its price, no lines', () => {
    const card = renderCard(aBooking(1, '2030-05-14T10:00:00.000Z', '2030-05-14T11:00:00.000Z'));
    expect(rowsOf(card)).toEqual(['Date May 14, 2030', 'Time 10:00 - 11:00', 'Price $45']);
  });
});
