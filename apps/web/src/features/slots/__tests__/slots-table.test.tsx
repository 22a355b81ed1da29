import type { Slot } from '@carcare/contracts/slots';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SlotsTable } from '../components/slots-table';

const slot = (index: number, isBooked: Slot['isBooked']): Slot => ({
  _id: `5c0d3a1e-0000-4000-8000-00000000000${index}`,
  date: '2030-05-10',
  startTime: `1${index}:00`,
  endTime: `1${index + 1}:00`,
  isBooked,
  service: { _id: '1b6f1d2e-8a3c-4c5d-9e7f-0a1b2c3d4e5f', name: 'Wash & Vacuum Combo' },
  createdAt: '2030-05-01T00:00:00.000Z',
});

const fetchMock = stubFetch();

const renderTable = (slots: Slot[]) =>
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
    ).toEqual(['12:00', '13:00', '2030-05-10', 'Booked', 'Wash & Vacuum Combo', 'Booked']);
  });

  it('toggles through one endpoint and explains a refusal', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { success: false, message: 'A booked slot cannot be cancelled' }));
    const user = userEvent.setup();
    renderTable([slot(0, 'available')]);

    await user.click(screen.getByRole('button', { name: /^Cancel slot/ }));

    expect(await screen.findByText('Something went wrong while making this request')).toBeInTheDocument();
    expect(screen.getByText('please try agin, or maybe this slot has already booked')).toBeInTheDocument();
    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe(`/api/slots/toggle-status/${slot(0, 'available')._id}`);
  });
});
