import type { Booking } from '@carcare/contracts/bookings';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { PaymentSuccessPage } from '../pages/payment-success-page';

const fetchMock = stubFetch();

/** A paid, confirmed booking that named no vehicle: the service's base price in one line. */
const aBooking = (id: number, startsAt: string, endsAt: string, overrides: Partial<Booking> = {}): Booking => ({
  _id: `9a0d3a1e-0000-4000-8000-00000000000${id}`,
  customer: {
    _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    phone: null,
  },
  service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wheel & Tyre Detail', price: 45, duration: 60 },
  slot: {
    _id: `5c0d3a1e-0000-4000-8000-00000000000${id}`,
    date: startsAt.slice(0, 10),
    startTime: startsAt.slice(11, 16),
    endTime: endsAt.slice(11, 16),
    startsAt,
    endsAt,
  },
  bay: { _id: 'b4a70000-0000-4000-8000-000000000001', name: 'Bay 1' },
  bayHeld: { from: startsAt, until: endsAt },
  payment: 'paid',
  status: 'confirm',
  holdExpiresAt: null,
  refund: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  total: 45,
  duration: 60,
  lines: [{ kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 45, minutes: 60 }],
  vehicleClass: null,
  vehicle: null,
  amountPaid: 45,
  balanceDue: 0,
  payments: [],
  payWith: 'online',
  bookedByShop: false,
  customerNote: null,
  cancelReason: null,
  policyVersion: null,
  lateCancellation: null,
  membership: null,
  readyAt: null,
  messages: [],
  fees: [],
  ...overrides,
});

const serve = (booking: Booking) =>
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(requestOf(input).url).pathname;
    if (path === '/api/config') return jsonResponse(200, { success: true, message: 'ok', data: aPublicConfig() });
    if (path === `/api/bookings/${booking._id}`)
      return jsonResponse(200, { success: true, message: 'ok', data: booking });
    return jsonResponse(404, { success: false, message: 'Not found' });
  });

const rowsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

const renderResult = (booking: Booking) => {
  serve(booking);
  renderRoutes([{ path: '/payment/success', Component: PaymentSuccessPage }], {
    path: `/payment/success?booking=${booking._id}`,
    session: signedIn(),
  });
};

describe('the payment result', () => {
  it('names the car and its class, and lists the service and each add-on with the total and duration', async () => {
    const booking = aBooking(1, '2030-05-14T10:00:00.000Z', '2030-05-14T12:00:00.000Z', {
      total: 95,
      duration: 120,
      lines: [
        { kind: 'service', addOn: null, name: 'Wheel & Tyre Detail', price: 60, minutes: 90 },
        {
          kind: 'addOn',
          addOn: 'add0a000-0000-4000-8000-000000000001',
          name: 'Pet hair removal',
          price: 35,
          minutes: 30,
        },
      ],
      vehicleClass: { _id: 'c1a55000-0000-4000-8000-000000000002', name: 'SUV' },
      vehicle: {
        _id: '7e41c1e0-0000-4000-8000-000000000001',
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        colour: 'Blue',
        plate: null,
        plateRegion: '',
        nickname: '',
      },
    });
    renderResult(booking);

    const details = await screen.findByLabelText('Booking');
    expect(rowsOf(details)).toEqual(
      expect.arrayContaining([`${JOB_WORDS.vehicle} 2021 Toyota RAV4`, `${JOB_WORDS.vehicleClass} SUV`]),
    );
    expect(rowsOf(screen.getByLabelText(JOB_WORDS.linesLabel))).toEqual([
      'Wheel & Tyre Detail $60',
      'Pet hair removal +$35',
      'Total $95',
      'Duration 120 minutes',
    ]);
  });

  it('shows a booking made without a vehicle as before, without lines', async () => {
    renderResult(aBooking(1, '2030-05-14T10:00:00.000Z', '2030-05-14T11:00:00.000Z'));
    const details = await screen.findByLabelText('Booking');
    expect(rowsOf(details).map((row) => row.split(' ')[0])).toEqual(['Service', 'Date', 'Time', 'Status', 'Payment']);
    expect(screen.queryByLabelText(JOB_WORDS.linesLabel)).toBeNull();
  });
});
