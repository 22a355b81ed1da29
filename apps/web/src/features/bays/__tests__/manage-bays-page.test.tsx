import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageBaysPage } from '../pages/manage-bays-page';
import { aBay, bayBody, bayListBody, CERAMIC, FOAM_WASH, serviceNamesBody } from './bay-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin/bays', Component: ManageBaysPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const FRONT = aBay(1, { name: 'Front Bay' });
const DETAIL = aBay(2, { name: 'Detail Bay', active: false, services: [CERAMIC._id] });
const WASH = aBay(3, { name: 'Wash Bay', services: [FOAM_WASH._id, CERAMIC._id] });

/** Answers the bay list and the service names, plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/bays': () => jsonResponse(200, bayListBody([FRONT, DETAIL, WASH])),
      'GET /api/services/g/names': () => jsonResponse(200, serviceNamesBody()),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

/** The bodies sent with `method` to `path`, in order. */
const bodiesSent = (method: string, path: string) =>
  Promise.all(
    requests
      .filter((request) => request.method === method && new URL(request.url).pathname === path)
      .map((request) => request.clone().json()),
  );

const bayListCalls = () =>
  requests.filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/api/bays').length;

beforeEach(() => {
  requests.length = 0;
});

const renderPage = () =>
  renderRoutes(routes, { path: '/dashboard/admin/bays', session: signedIn(aUser({ role: 'admin' })) });

// Dialogs and toasts render slowly on a loaded two-core machine.
describe('the Bays screen', { timeout: 20_000 }, () => {
  it('lists the bays in order with their status, the services they serve and named controls', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Bays' })).toBeInTheDocument();
    expect(screen.getByText('Bookings take the first free bay in this order')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bays' });
    await within(table).findByText('Foam Wash, Ceramic Coating');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Front Bay', 'Active', BAY_MESSAGES.everyService],
      ['Detail Bay', 'Inactive', 'Ceramic Coating'],
      ['Wash Bay', 'Active', 'Foam Wash, Ceramic Coating'],
    ]);
    expect(screen.getByRole('button', { name: 'Move Front Bay up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Front Bay down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Wash Bay down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rename Detail Bay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit services of Detail Bay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Detail Bay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Detail Bay' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Front Bay' })).toBeInTheDocument();
  });

  it('says so when the bays cannot be loaded', async () => {
    serve({ 'GET /api/bays': () => jsonResponse(500, { success: false, message: 'boom' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(BAY_MESSAGES.listFailed);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds a bay: a blank name gets the contract message, then the name and checked services are posted', async () => {
    serve({ 'POST /api/bays': () => jsonResponse(201, bayBody(aBay(4), BAY_MESSAGES.created)) });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Bays' });

    await user.click(screen.getByRole('button', { name: 'Add Bay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bay' });
    expect(within(dialog).getByRole('group', { name: 'Services' })).toHaveAccessibleDescription(
      `${BAY_MESSAGES.everyService} when none is checked`,
    );
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Bay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BAY_MESSAGES.nameRequired);
    expect(await bodiesSent('POST', '/api/bays')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Side Bay');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ceramic Coating' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Bay' }));

    expect(await screen.findByText(BAY_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodiesSent('POST', '/api/bays')).toEqual([{ name: 'Side Bay', services: [CERAMIC._id] }]);
    // The list is fetched again because the new bay invalidated it.
    await waitFor(() => expect(bayListCalls()).toBe(2));
  });

  it('renames a bay with a PUT of the new name', async () => {
    serve({ [`PUT /api/bays/${WASH._id}`]: () => jsonResponse(200, bayBody({ ...WASH, name: 'Rinse Bay' })) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Rename Wash Bay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Bay' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Wash Bay');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BAY_MESSAGES.nameRequired);

    await user.type(name, 'Rinse Bay');
    await user.click(within(dialog).getByRole('button', { name: 'Save Name' }));

    expect(await screen.findByText(BAY_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodiesSent('PUT', `/api/bays/${WASH._id}`)).toEqual([{ name: 'Rinse Bay' }]);
  });

  it("asks before deactivating, and a refusal shows the server's count of upcoming bookings", async () => {
    const refusal = BAY_MESSAGES.hasUpcomingBookings(2);
    serve({ [`PUT /api/bays/${FRONT._id}`]: () => jsonResponse(409, { success: false, message: refusal }) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Deactivate Front Bay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Front Bay?' });
    expect(await bodiesSent('PUT', `/api/bays/${FRONT._id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await bodiesSent('PUT', `/api/bays/${FRONT._id}`)).toEqual([{ active: false }]);
    expect(screen.getByRole('alertdialog', { name: 'Deactivate Front Bay?' })).toBeInTheDocument();
  });

  it('activates an inactive bay without asking', async () => {
    serve({ [`PUT /api/bays/${DETAIL._id}`]: () => jsonResponse(200, bayBody({ ...DETAIL, active: true })) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Activate Detail Bay' }));

    expect(await screen.findByText(BAY_MESSAGES.updated)).toBeInTheDocument();
    expect(await bodiesSent('PUT', `/api/bays/${DETAIL._id}`)).toEqual([{ active: true }]);
  });

  it('moves a bay one position down or up by sending its new position', async () => {
    serve({ [`PUT /api/bays/${DETAIL._id}`]: () => jsonResponse(200, bayBody(DETAIL)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Move Detail Bay down' }));
    await waitFor(async () => expect(await bodiesSent('PUT', `/api/bays/${DETAIL._id}`)).toEqual([{ sortOrder: 3 }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Detail Bay up' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Move Detail Bay up' }));

    await waitFor(async () =>
      expect(await bodiesSent('PUT', `/api/bays/${DETAIL._id}`)).toEqual([{ sortOrder: 3 }, { sortOrder: 1 }]),
    );
  });

  it('limits a bay to the checked services, and none checked means every service', async () => {
    serve({ [`PUT /api/bays/${WASH._id}`]: () => jsonResponse(200, bayBody(WASH)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit services of Wash Bay' }));
    let dialog = await screen.findByRole('dialog', { name: 'Services of Wash Bay' });
    expect(within(dialog).getByRole('checkbox', { name: 'Foam Wash' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Ceramic Coating' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Foam Wash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Services' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit services of Wash Bay' }));
    dialog = await screen.findByRole('dialog', { name: 'Services of Wash Bay' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Foam Wash' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ceramic Coating' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Services' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await bodiesSent('PUT', `/api/bays/${WASH._id}`)).toEqual([{ services: [CERAMIC._id] }, { services: [] }]);
  });
});
