import type { Booking } from '@carcare/contracts/bookings';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { MyBookingsPage } from '../pages/my-bookings-page';
import { aBooking } from './booking-fixtures';

const NOW = '2030-05-10T06:00:00.000Z';

const fetchMock = stubFetch();
let config = aPublicConfig();
let myBookings: Booking[] = [];

const serve = () =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return jsonResponse(200, { success: true, message: 'Configuration', data: config });
    if (path === '/api/my-bookings') {
      return jsonResponse(200, { success: true, message: 'Bookings retrieved', data: myBookings });
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });

const renderPage = () => renderRoutes([{ path: '/', Component: MyBookingsPage }], { path: '/', session: signedIn() });

const named = (name: string) => (booking: Booking) => ({ ...booking, service: { ...booking.service, name } });

const section = (name: 'Upcoming' | 'Past') => screen.getByRole('region', { name });
const cardNames = (name: 'Upcoming' | 'Past') =>
  within(section(name))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

beforeEach(() => {
  config = aPublicConfig();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('My Bookings', () => {
  it('keeps what is coming apart from what is behind, soonest and latest first', async () => {
    myBookings = [
      named('Later Wash')(aBooking(1, '2030-05-14T10:00:00.000Z', '2030-05-14T11:00:00.000Z')),
      named('Held Wash')(
        aBooking(2, '2030-05-12T10:00:00.000Z', '2030-05-12T11:00:00.000Z', { status: 'pending', payment: 'unpaid' }),
      ),
      named('Done Wash')(aBooking(3, '2030-05-08T10:00:00.000Z', '2030-05-08T11:00:00.000Z', { status: 'completed' })),
      // Cancelled before its day: it will not happen, so it is behind the customer.
      named('Dropped Wash')(aBooking(4, '2030-05-20T10:00:00.000Z', '2030-05-20T11:00:00.000Z', { status: 'cancel' })),
      named('Missed Wash')(aBooking(5, '2030-05-01T10:00:00.000Z', '2030-05-01T11:00:00.000Z', { status: 'no_show' })),
      // Confirmed, its slot over an hour ago, not yet marked: behind too.
      named('Over Wash')(aBooking(6, '2030-05-10T04:00:00.000Z', '2030-05-10T05:00:00.000Z')),
    ];
    serve();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Upcoming', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Past', level: 2 })).toBeInTheDocument();
    expect(cardNames('Upcoming')).toEqual(['Held Wash', 'Later Wash']);
    expect(cardNames('Past')).toEqual(['Dropped Wash', 'Over Wash', 'Done Wash', 'Missed Wash']);
  });

  it('says so when nothing is ahead', async () => {
    myBookings = [aBooking(3, '2030-05-08T10:00:00.000Z', '2030-05-08T11:00:00.000Z', { status: 'completed' })];
    serve();
    renderPage();

    expect(
      await within(await screen.findByRole('region', { name: 'Upcoming' })).findByText('Nothing booked ahead.'),
    ).toBeInTheDocument();
    expect(cardNames('Past')).toEqual(['Wheel & Tyre Detail']);
  });

  it('offers Book again and Write a review on a completed visit only', async () => {
    const done = named('Done Wash')(
      aBooking(3, '2030-05-08T10:00:00.000Z', '2030-05-08T11:00:00.000Z', { status: 'completed' }),
    );
    const missed = named('Missed Wash')(
      aBooking(5, '2030-05-01T10:00:00.000Z', '2030-05-01T11:00:00.000Z', { status: 'no_show' }),
    );
    myBookings = [done, missed];
    serve();
    renderPage();

    const card = await screen.findByRole('article', { name: 'Done Wash' });
    expect(within(card).getByRole('link', { name: 'Book again' })).toHaveAttribute(
      'href',
      `/service/${done.service._id}`,
    );
    expect(within(card).getByRole('link', { name: 'Write a review' })).toHaveAttribute(
      'href',
      '/testimonials#write-review',
    );
    expect(within(card).getByText('Completed')).toHaveAttribute('data-slot', 'badge');
    expect(within(card).getByText('Paid')).toHaveAttribute('data-slot', 'badge');
    expect(within(screen.getByRole('article', { name: 'Missed Wash' })).queryAllByRole('link')).toEqual([]);
  });

  it('shows a cancelled and refunded booking as Refunded with its amount, with no countdown', async () => {
    myBookings = [
      named('Dropped Wash')(
        aBooking(4, '2030-05-20T10:00:00.000Z', '2030-05-20T11:00:00.000Z', {
          status: 'cancel',
          refund: { amount: 45, status: 'refunded' },
        }),
      ),
      named('Kept Wash')(aBooking(1, '2030-05-12T10:00:00.000Z', '2030-05-12T11:00:00.000Z')),
    ];
    serve();
    renderPage();

    const dropped = await screen.findByRole('article', { name: 'Dropped Wash' });
    expect(
      within(dropped)
        .getAllByText(/./, { selector: '[data-slot="badge"]' })
        .map((badge) => badge.textContent),
    ).toEqual(['Refunded $45', 'Cancelled']);
    expect(within(dropped).queryByText(/Ends in|Slot ended/)).not.toBeInTheDocument();
    expect(within(dropped).getByText('May 20, 2030')).toBeInTheDocument();

    const kept = screen.getByRole('article', { name: 'Kept Wash' });
    expect(within(kept).getByText('Ends in')).toBeInTheDocument();
    expect(within(kept).getByText('2d 05h 00m 00s')).toBeInTheDocument();
  });
});

describe("times in the shop's zone", () => {
  // 10:00 to 11:00 in New York on 12 May 2030 (daylight saving time).
  const nyBooking = () => ({
    ...aBooking(1, '2030-05-12T14:00:00.000Z', '2030-05-12T15:00:00.000Z'),
    slot: {
      _id: '5c0d3a1e-0000-4000-8000-000000000001',
      date: '2030-05-12',
      startTime: '10:00',
      endTime: '11:00',
      startsAt: '2030-05-12T14:00:00.000Z',
      endsAt: '2030-05-12T15:00:00.000Z',
    },
  });

  it("name the shop's zone for a visitor whose clock is elsewhere", async () => {
    vi.stubEnv('TZ', 'Europe/Paris');
    config = { ...aPublicConfig(), timeZone: 'America/New_York' };
    myBookings = [nyBooking()];
    serve();
    renderPage();

    const card = await screen.findByRole('article', { name: 'Wheel & Tyre Detail' });
    expect(await within(card).findByText('10:00 - 11:00 EDT')).toBeInTheDocument();
    expect(within(card).getByText('May 12, 2030')).toBeInTheDocument();
  });

  it("say nothing more when the visitor is in the shop's zone, and write days in the shop's locale", async () => {
    vi.stubEnv('TZ', 'America/New_York');
    config = { ...aPublicConfig(), timeZone: 'America/New_York', locale: 'en-GB' };
    myBookings = [nyBooking()];
    serve();
    renderPage();

    const card = await screen.findByRole('article', { name: 'Wheel & Tyre Detail' });
    expect(await within(card).findByText('12 May 2030')).toBeInTheDocument();
    expect(within(card).getByText('10:00 - 11:00')).toBeInTheDocument();
  });
});

describe("A booking's messages in My Bookings", () => {
  it('lists each text and email sent about it, in the shop’s zone, and says when the car is ready', async () => {
    config = { ...aPublicConfig(), timeZone: 'America/New_York' };
    myBookings = [
      aBooking(1, '2030-05-10T14:00:00.000Z', '2030-05-10T15:00:00.000Z', {
        readyAt: '2030-05-10T15:05:00.000Z',
        messages: [
          {
            kind: 'confirmation',
            channel: 'text',
            status: 'delivered',
            sentAt: '2030-05-08T14:04:00.000Z',
            createdAt: '2030-05-08T14:03:00.000Z',
          },
          {
            kind: 'reminder',
            channel: 'email',
            status: 'queued',
            sentAt: null,
            createdAt: '2030-05-09T14:00:00.000Z',
          },
        ],
      }),
    ];
    serve();
    renderPage();

    const card = await screen.findByRole('article', { name: 'Wheel & Tyre Detail' });
    const sent = await within(card).findByRole('region', { name: 'Messages sent' });
    // Times are written in the shop's zone once its settings have arrived.
    expect(await within(sent).findByText('Confirmation · text · delivered · May 8, 10:04')).toBeInTheDocument();
    expect(
      within(sent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Confirmation · text · delivered · May 8, 10:04', 'Reminder · email · waiting to send · May 9, 10:00']);
    expect(within(card).getByText('Ready to collect')).toBeInTheDocument();
  });

  it('shows no list before anything was sent, and no ready mark before the car is ready', async () => {
    myBookings = [aBooking(1, '2030-05-12T10:00:00.000Z', '2030-05-12T11:00:00.000Z')];
    serve();
    renderPage();

    const card = await screen.findByRole('article', { name: 'Wheel & Tyre Detail' });
    expect(within(card).queryByRole('region', { name: 'Messages sent' })).not.toBeInTheDocument();
    expect(within(card).queryByText('Ready to collect')).not.toBeInTheDocument();
  });
});
