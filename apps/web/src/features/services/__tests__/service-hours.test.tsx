import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { SERVICE_HOURS_MESSAGES, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageServicesPage } from '../pages/manage-services-page';
import { aService, listBody } from './service-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin', Component: ManageServicesPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const SERVICE = aService({ name: 'Ceramic Coating' });
const MORNINGS: WeeklyHours = {
  monday: [],
  tuesday: [{ start: '08:00', end: '12:00' }],
  wednesday: [{ start: '08:00', end: '12:00' }],
  thursday: [{ start: '08:00', end: '12:00' }],
  friday: [{ start: '08:00', end: '12:00' }],
  saturday: [{ start: '08:00', end: '12:00' }],
  sunday: [],
};

const serviceBody = (hours: WeeklyHours | null, message = 'Service retrieved') => ({
  success: true,
  message,
  data: { ...SERVICE, hours },
});

const serve = (hours: WeeklyHours | null, handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/services': () => jsonResponse(200, listBody([SERVICE])),
      'GET /api/bays': () => jsonResponse(200, { success: true, message: 'Bays retrieved', data: [], totalDoc: 0 }),
      [`GET /api/services/${SERVICE._id}`]: () => jsonResponse(200, serviceBody(hours)),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const HOURS_PATH = `/api/services/${SERVICE._id}/hours`;
const bodiesSent = () =>
  Promise.all(
    requests
      .filter((request) => request.method === 'PUT' && new URL(request.url).pathname === HOURS_PATH)
      .map((request) => request.clone().json()),
  );

beforeEach(() => {
  requests.length = 0;
});

const openEditDialog = async () => {
  renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(aUser({ role: 'admin' })) });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Ceramic Coating' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Service Details' });
  const section = await within(dialog).findByRole('region', { name: 'Service hours' });
  return { user, section };
};

// Dialogs and toasts render slowly on a loaded two-core machine.
describe('Service hours in the edit dialog', { timeout: 30_000 }, () => {
  it("gives a service following the shop's hours its own, starting from the shop's, and saves them", async () => {
    serve(null, {
      [`PUT ${HOURS_PATH}`]: () => jsonResponse(200, serviceBody(MORNINGS, SERVICE_HOURS_MESSAGES.updated)),
    });
    const { user, section } = await openEditDialog();

    const follow = await within(section).findByRole('radio', { name: "Follow the shop's hours" });
    expect(follow).toBeChecked();
    expect(within(section).queryByLabelText('Monday range 1 from')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('radio', { name: 'Its own hours' }));
    // The shop's hours (GET /api/config) are where its own start.
    expect(within(section).getByLabelText('Monday range 1 from')).toHaveValue('08:00');
    expect(within(section).getByLabelText('Monday range 1 to')).toHaveValue('18:00');
    await user.click(within(section).getByRole('checkbox', { name: 'Open on Monday' }));
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      const to = within(section).getByLabelText(`${day} range 1 to`);
      await user.clear(to);
      await user.type(to, '12:00');
    }
    await user.click(within(section).getByRole('button', { name: 'Save service hours' }));

    expect(await screen.findByText(SERVICE_HOURS_MESSAGES.updated)).toBeInTheDocument();
    expect(await bodiesSent()).toEqual([{ hours: MORNINGS }]);
  });

  it("shows a service's own hours and clears them back to the shop's", async () => {
    serve(MORNINGS, {
      [`PUT ${HOURS_PATH}`]: () => jsonResponse(200, serviceBody(null, SERVICE_HOURS_MESSAGES.cleared)),
    });
    const { user, section } = await openEditDialog();

    expect(await within(section).findByRole('radio', { name: 'Its own hours' })).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Open on Monday' })).not.toBeChecked();
    expect(within(section).getByLabelText('Tuesday range 1 to')).toHaveValue('12:00');

    await user.click(within(section).getByRole('radio', { name: "Follow the shop's hours" }));
    await user.click(within(section).getByRole('button', { name: 'Save service hours' }));

    expect(await screen.findByText(SERVICE_HOURS_MESSAGES.cleared)).toBeInTheDocument();
    expect(await bodiesSent()).toEqual([{ hours: null }]);
  });

  it('checks its own hours with the contract before saving', async () => {
    serve(MORNINGS);
    const { user, section } = await openEditDialog();

    const from = await within(section).findByLabelText('Tuesday range 1 from');
    await user.clear(from);
    await user.type(from, '13:00');

    const error = document.getElementById(from.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(SETTINGS_MESSAGES.rangeOrder('Tuesday'));
    expect(within(section).getByRole('button', { name: 'Save service hours' })).toBeDisabled();
    await waitFor(async () => expect(await bodiesSent()).toEqual([]));
  });
});
