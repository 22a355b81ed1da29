import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aBoardBooking,
  aSchedule,
  BAYS,
  queriesTo,
  serveApi,
  TODAY,
} from '@/features/reports/__tests__/report-fixtures';
import { aUser, jsonResponse, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { SchedulePage } from '../pages/schedule-page';

// 10:15 in Dhaka: Jane's 09:00 slot has started, so it can be marked completed.
const MID_MORNING = '2030-05-11T04:15:00.000Z';
const JANE = aBoardBooking(1, ['09:00', '10:00'], BAYS[0]);

const fetchMock = stubFetch();
const requests: Request[] = [];
let bookings: Booking[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(MID_MORNING));
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe('the Schedule page', { timeout: 30_000 }, () => {
  it("offers Booking Management's actions on a booking, and redraws the board after one", async () => {
    bookings = [JANE];
    serveApi(fetchMock, requests, {
      'GET /api/admin/schedule': () =>
        jsonResponse(200, { success: true, message: REPORT_MESSAGES.scheduleRetrieved, data: aSchedule({ bookings }) }),
      [`POST /api/bookings/${JANE._id}/complete`]: () => {
        bookings = [{ ...JANE, status: 'completed' }];
        return jsonResponse(200, { success: true, message: BOOKING_MESSAGES.completed, data: bookings[0] });
      },
    });
    renderRoutes([{ path: '/', Component: SchedulePage }], { path: '/', session: signedIn(aUser({ role: 'admin' })) });
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' }),
    );
    const details = await screen.findByRole('dialog', { name: 'Jane Doe' });
    await user.click(within(details).getByRole('button', { name: `Actions for Jane's booking on ${TODAY} at 09:00` }));
    const menu = await screen.findByRole('menu');
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

    await user.click(within(menu).getByRole('menuitem', { name: 'Mark completed' }));
    const confirm = await screen.findByRole('alertdialog', { name: "Mark Jane's booking completed?" });
    await user.click(within(confirm).getByRole('button', { name: 'Mark completed' }));

    expect(await screen.findByText(BOOKING_MESSAGES.completed)).toBeInTheDocument();
    await waitFor(() =>
      expect(queriesTo(requests, '/api/admin/schedule')).toEqual([`?date=${TODAY}`, `?date=${TODAY}`]),
    );
    // The open booking shows its new status, and a finished booking has only its payments and notes left.
    const reopened = screen.getByRole('dialog', { name: 'Jane Doe' });
    expect(await within(reopened).findByText('Completed')).toHaveAttribute('data-variant', 'success');
    await user.click(within(reopened).getByRole('button', { name: `Actions for Jane's booking on ${TODAY} at 09:00` }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Payments and notes']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Completed, Paid' }),
    ).toHaveFocus();
  });

  it('marks a started booking ready from the board: toasts the server and shows the car ready on its block', async () => {
    const READY_MESSAGE = BOOKING_MESSAGES.markedReady;
    bookings = [JANE];
    serveApi(fetchMock, requests, {
      'GET /api/admin/schedule': () =>
        jsonResponse(200, { success: true, message: REPORT_MESSAGES.scheduleRetrieved, data: aSchedule({ bookings }) }),
      [`POST /api/bookings/${JANE._id}/ready`]: () => {
        bookings = [{ ...JANE, readyAt: MID_MORNING }];
        return jsonResponse(200, { success: true, message: READY_MESSAGE, data: bookings[0] });
      },
    });
    renderRoutes([{ path: '/', Component: SchedulePage }], { path: '/', session: signedIn(aUser({ role: 'admin' })) });
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid' }),
    );
    const details = await screen.findByRole('dialog', { name: 'Jane Doe' });
    await user.click(within(details).getByRole('button', { name: `Actions for Jane's booking on ${TODAY} at 09:00` }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Mark ready' }));

    expect(await screen.findByText(READY_MESSAGE)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('dialog', { name: 'Jane Doe' })).findByText('Ready to collect'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('button', {
        name: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Ready to collect, Paid',
      }),
    ).toBeInTheDocument();
  });
});
