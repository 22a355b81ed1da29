import type { AdminSlot } from '@carcare/contracts/slots';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SlotsTable } from '../components/slots-table';

type BayCounts = Pick<AdminSlot, 'capacity' | 'remaining' | 'liveBookings'>;

/** A slot of a one-bay shop unless `bays` says otherwise: a booked slot's one bay is held by one booking. */
const slot = (index: number, isBooked: AdminSlot['isBooked'], bays: Partial<BayCounts> = {}): AdminSlot => ({
  _id: `5c0d3a1e-0000-4000-8000-00000000000${index}`,
  date: '2030-05-10',
  startTime: `1${index}:00`,
  endTime: `1${index + 1}:00`,
  isBooked,
  origin: 'manual',
  service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wash & Vacuum Combo' },
  createdAt: '2030-05-01T00:00:00.000Z',
  capacity: 1,
  remaining: isBooked === 'booked' ? 0 : 1,
  liveBookings: isBooked === 'booked' ? 1 : 0,
  ...bays,
});

const fetchMock = stubFetch();

/** The requests made other than the shop's configuration, which the dates are written by. */
const calls = () =>
  fetchMock.mock.calls.map(([input]) => requestOf(input)).filter((request) => !request.url.endsWith('/api/config'));

const renderTable = (slots: AdminSlot[]) =>
  renderRoutes([{ path: '/', element: <SlotsTable slots={slots} /> }], {
    path: '/',
    session: signedIn(aUser({ role: 'admin' })),
  });

describe('slot management rows', () => {
  it('offers Cancel for available, Make Available for cancelled and only a Booked badge for booked slots', () => {
    renderTable([slot(0, 'available'), slot(1, 'cancel'), slot(2, 'booked')]);
    const [, available, cancelled, booked] = screen.getAllByRole('row');
    if (!available || !cancelled || !booked) throw new Error('missing rows');

    expect(within(available).getByRole('button', { name: /^Cancel slot/ })).toHaveTextContent('Cancel');
    expect(within(available).getAllByRole('cell')[3]).toHaveTextContent('-');
    expect(within(cancelled).getByRole('button', { name: /^Make Available slot/ })).toHaveTextContent('Make Available');
    expect(within(booked).queryByRole('button')).toBeNull();
    expect(
      within(booked)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '12:00',
      '13:00',
      'May 10, 2030',
      'Booked',
      'Wash & Vacuum Combo',
      '0 of 1 bay free',
      'Hand-made',
      'Booked',
    ]);
  });

  it('says in the Bays column how many of the eligible bays are free over each slot', () => {
    renderTable([slot(0, 'available', { capacity: 3, remaining: 2, liveBookings: 1 }), slot(1, 'available')]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Start Time',
      'End Time',
      'Date',
      'Status',
      'Service',
      'Bays',
      'Origin',
      'Actions',
    ]);
    const [, shared, single] = screen.getAllByRole('row');
    if (!shared || !single) throw new Error('missing rows');
    expect(within(shared).getAllByRole('cell')[5]).toHaveTextContent(/^2 of 3 bays free$/);
    expect(within(single).getAllByRole('cell')[5]).toHaveTextContent(/^1 of 1 bay free$/);
  });

  it("tells times the shop's hours made from hand-made ones", () => {
    renderTable([{ ...slot(0, 'available'), origin: 'generated' }, slot(1, 'available')]);
    const [, generated, manual] = screen.getAllByRole('row');
    if (!generated || !manual) throw new Error('missing rows');
    expect(within(generated).getAllByRole('cell')[6]).toHaveTextContent(/^From hours$/);
    expect(within(manual).getAllByRole('cell')[6]).toHaveTextContent(/^Hand-made$/);
  });

  it('offers no toggle for a slot that live bookings hold, and counts them while bays are left', async () => {
    renderTable([
      slot(0, 'available', { capacity: 3, remaining: 1, liveBookings: 2 }),
      slot(1, 'booked', { capacity: 3, remaining: 0, liveBookings: 3 }),
    ]);
    const [, partlyBooked, full] = screen.getAllByRole('row');
    if (!partlyBooked || !full) throw new Error('missing rows');

    expect(within(partlyBooked).queryByRole('button')).toBeNull();
    expect(within(partlyBooked).getAllByRole('cell')[3]).toHaveTextContent(/^-$/);
    expect(within(partlyBooked).getAllByRole('cell')[7]).toHaveTextContent(/^2 booked$/);
    expect(within(full).queryByRole('button')).toBeNull();
    expect(within(full).getAllByRole('cell')[3]).toHaveTextContent(/^Booked$/);
    expect(within(full).getAllByRole('cell')[7]).toHaveTextContent(/^Booked$/);
    expect(calls()).toEqual([]);
  });

  it('toggles through one endpoint and explains a refusal', async () => {
    fetchMock.mockImplementation(async (input) =>
      requestOf(input).url.endsWith('/api/config')
        ? jsonResponse(200, publicConfigBody())
        : jsonResponse(409, { success: false, message: 'A booked slot cannot be cancelled' }),
    );
    const user = userEvent.setup({ delay: null });
    renderTable([slot(0, 'available')]);

    await user.click(screen.getByRole('button', { name: /^Cancel slot/ }));

    expect(await screen.findByText('Something went wrong while making this request')).toBeInTheDocument();
    expect(screen.getByText('please try agin, or maybe this slot has already booked')).toBeInTheDocument();
    const [request] = calls();
    expect(calls()).toHaveLength(1);
    expect(request?.method).toBe('PUT');
    expect(new URL(request?.url ?? '').pathname).toBe(`/api/slots/toggle-status/${slot(0, 'available')._id}`);
  });
});
