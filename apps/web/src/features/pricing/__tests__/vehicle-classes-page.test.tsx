import { VEHICLE_CLASS_MESSAGES, VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { VehicleClassesPage } from '../pages/vehicle-classes-page';
import { aClass, classBody, classListBody, OLD_VAN, SEDAN, SMALL, SUV } from './pricing-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin/vehicle-classes', Component: VehicleClassesPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

/** Answers the class list, plus the given calls; anything else is a 404. */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      // Out of order on purpose: the screen shows the shop's order.
      'GET /api/vehicle-classes/all': () => jsonResponse(200, classListBody([SUV, OLD_VAN, SMALL, SEDAN])),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

/** The bodies sent with `method` to `path`, in order. */
const bodiesSent = (method: string, path: string) =>
  Promise.all(sent(method, path).map((request) => request.clone().json()));

const listCalls = () => sent('GET', '/api/vehicle-classes/all').length;

beforeEach(() => {
  requests.length = 0;
});

afterEach(() => {
  toast.dismiss();
});

const renderPage = () =>
  renderRoutes(routes, { path: '/dashboard/admin/vehicle-classes', session: signedIn(aUser({ role: 'admin' })) });

// Dialogs and toasts render slowly on a loaded two-core machine.
describe('the Vehicle Classes screen', { timeout: 20_000 }, () => {
  it('lists the live classes in order with the default badged, then the archived ones, with named controls', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: VEHICLE_CLASS_SCREEN.title })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: VEHICLE_CLASS_SCREEN.title });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Small car', 'Sedan', 'SUV']);
    expect(within(items[0] as HTMLElement).getByText('Hatchbacks and coupés')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(VEHICLE_CLASS_SCREEN.defaultBadge)).toBeInTheDocument();
    expect(within(list).getAllByText(VEHICLE_CLASS_SCREEN.defaultBadge)).toHaveLength(1);

    const archived = screen.getByRole('list', { name: 'Archived classes' });
    expect(within(archived).getByText('Old van')).toBeInTheDocument();
    expect(within(archived).getByText(VEHICLE_CLASS_SCREEN.archivedBadge)).toBeInTheDocument();
    expect(within(archived).queryAllByRole('button')).toEqual([]);

    expect(screen.getByRole('button', { name: 'Move Small car up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move SUV down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Sedan up' })).toBeEnabled();
    // The default class cannot be archived, nor made the default again.
    expect(screen.queryByRole('button', { name: 'Archive Sedan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Sedan the default' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive SUV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make SUV the default' })).toBeInTheDocument();
  });

  it('says so when the classes cannot be loaded', async () => {
    serve({ 'GET /api/vehicle-classes/all': () => jsonResponse(500, { success: false, message: 'boom' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(VEHICLE_CLASS_SCREEN.listFailed);
  });

  it("adds a class: a blank name gets the contract's message, a taken one the server's, then it is posted", async () => {
    let taken = true;
    serve({
      'POST /api/vehicle-classes': () =>
        taken
          ? jsonResponse(409, { success: false, message: VEHICLE_CLASS_MESSAGES.nameTaken })
          : jsonResponse(201, classBody(aClass(5, { name: 'Pickup or van' }), VEHICLE_CLASS_MESSAGES.created)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: VEHICLE_CLASS_SCREEN.title });

    await user.click(screen.getByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Vehicle Class' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Class' }));
    expect(await within(dialog).findByText(VEHICLE_CLASS_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(sent('POST', '/api/vehicle-classes')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Sedan');
    await user.click(within(dialog).getByRole('button', { name: 'Save Class' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(VEHICLE_CLASS_MESSAGES.nameTaken);

    taken = false;
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Pickup or van');
    await user.type(within(dialog).getByLabelText('Description'), 'Pickups, vans and 7-seaters');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make it the default class' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Class' }));

    expect(await screen.findByText(VEHICLE_CLASS_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodiesSent('POST', '/api/vehicle-classes')).toEqual([
      { name: 'Sedan', description: '' },
      { name: 'Pickup or van', description: 'Pickups, vans and 7-seaters', isDefault: true },
    ]);
    // The list is fetched again after each answer: the refusal too may mean another class was added meanwhile.
    await waitFor(() => expect(listCalls()).toBe(3));
  });

  it('renames and describes a class with a PUT of both', async () => {
    serve({
      [`PUT /api/vehicle-classes/${SUV._id}`]: () => jsonResponse(200, classBody({ ...SUV, name: 'SUV or 4x4' })),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit SUV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vehicle Class' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('SUV');
    await user.type(name, ' or 4x4');
    await user.type(within(dialog).getByLabelText('Description'), 'Five seats and more');
    await user.click(within(dialog).getByRole('button', { name: 'Save Class' }));

    expect(await screen.findByText(VEHICLE_CLASS_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodiesSent('PUT', `/api/vehicle-classes/${SUV._id}`)).toEqual([
      { name: 'SUV or 4x4', description: 'Five seats and more' },
    ]);
  });

  it('makes a class the default, and moves one down and up by sending its new position', async () => {
    serve({ [`PUT /api/vehicle-classes/${SUV._id}`]: () => jsonResponse(200, classBody(SUV)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Make SUV the default' }));
    await waitFor(async () =>
      expect(await bodiesSent('PUT', `/api/vehicle-classes/${SUV._id}`)).toEqual([{ isDefault: true }]),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move SUV up' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Move SUV up' }));
    await waitFor(async () =>
      expect(await bodiesSent('PUT', `/api/vehicle-classes/${SUV._id}`)).toEqual([
        { isDefault: true },
        { sortOrder: 2 },
      ]),
    );
  });

  it("asks before archiving, and a refusal shows the server's message in the dialog, which stays open", async () => {
    const refusal = VEHICLE_CLASS_MESSAGES.inUseByVehicles(3);
    serve({
      [`DELETE /api/vehicle-classes/${SMALL._id}`]: () => jsonResponse(409, { success: false, message: refusal }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Archive Small car' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Small car?' });
    expect(dialog).toHaveTextContent(VEHICLE_CLASS_SCREEN.archiveWarning);
    expect(sent('DELETE', `/api/vehicle-classes/${SMALL._id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(sent('DELETE', `/api/vehicle-classes/${SMALL._id}`)).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'Archive Small car?' })).toBeInTheDocument();
  });

  it('archives a class once confirmed, and the list is fetched again', async () => {
    serve({
      [`DELETE /api/vehicle-classes/${SUV._id}`]: () =>
        jsonResponse(200, { success: true, message: VEHICLE_CLASS_MESSAGES.archived }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Archive SUV' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive SUV?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText(VEHICLE_CLASS_MESSAGES.archived)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
