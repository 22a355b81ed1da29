import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES, ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { AddOnsPage } from '../pages/add-ons-page';
import {
  addOnBody,
  addOnListBody,
  anAddOn,
  classListBody,
  FOAM_WASH,
  FULL_DETAIL,
  OLD_VAN,
  SEDAN,
  SMALL,
  SUV,
  serviceNamesBody,
} from './pricing-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin/add-ons', Component: AddOnsPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const PET_HAIR = anAddOn(1, {
  name: 'Pet hair removal',
  description: 'Every hair out of the seats and carpets',
  prices: [
    { vehicleClass: SMALL._id, name: SMALL.name, price: 25, minutes: 20, own: false },
    { vehicleClass: SEDAN._id, name: SEDAN.name, price: 25, minutes: 20, own: false },
    { vehicleClass: SUV._id, name: SUV.name, price: 35, minutes: 30, own: true },
  ],
});
const ENGINE_BAY = anAddOn(2, {
  name: 'Engine bay',
  price: 40,
  minutes: 15,
  services: [FULL_DETAIL._id, FOAM_WASH._id],
});
const HEADLIGHTS = anAddOn(3, { name: 'Headlight restoration', active: false, services: [] });

/** Answers the add-ons, the service names, the classes and the config, plus the given calls. */
const serve = (handlers: Record<string, Handler> = {}, addOns: AddOn[] = [PET_HAIR, ENGINE_BAY, HEADLIGHTS]) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/add-ons/all': () => jsonResponse(200, addOnListBody(addOns)),
      'GET /api/services/g/names': () => jsonResponse(200, serviceNamesBody()),
      'GET /api/vehicle-classes/all': () => jsonResponse(200, classListBody([SUV, OLD_VAN, SMALL, SEDAN])),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const bodiesSent = (method: string, path: string) =>
  Promise.all(sent(method, path).map((request) => request.clone().json()));

beforeEach(() => {
  requests.length = 0;
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes(routes, { path: '/dashboard/admin/add-ons', session: signedIn(aUser({ role: 'admin' })) });

/** Makes the page's media query for phones match, as on a 390 px screen. */
const onAPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

describe('the Add-ons screen', { timeout: 30_000 }, () => {
  it('lists the add-ons with price, minutes, the services they come with and whether they are offered', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: ADD_ON_SCREEN.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: ADD_ON_SCREEN.title });
    await within(table).findByText('Full Interior Detail, Foam Wash');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Pet hair removal', '$251 class price', '+20 min', 'Full Interior Detail', 'Active'],
      ['Engine bay', '$40', '+15 min', 'Full Interior Detail, Foam Wash', 'Active'],
      ['Headlight restoration', '$25', '+20 min', ADD_ON_SCREEN.noService, 'Inactive'],
    ]);
    expect(screen.getByRole('button', { name: 'Edit Pet hair removal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Engine bay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Headlight restoration' })).not.toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone', async () => {
    onAPhone();
    serve();
    renderPage();

    const cards = await screen.findByRole('list', { name: ADD_ON_SCREEN.title });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const engine = within(cards).getByRole('listitem', { name: 'Engine bay' });
    expect(engine).toHaveTextContent('$40 · +15 min');
    expect(within(engine).getByRole('button', { name: 'Edit Engine bay' })).toBeInTheDocument();
  });

  it('says so when the add-ons cannot be loaded', async () => {
    serve({ 'GET /api/add-ons/all': () => jsonResponse(500, { success: false, message: 'boom' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_ON_SCREEN.listFailed);
  });

  it("adds an add-on with its services and a class's own price; the contract's and the server's refusals show", async () => {
    let refuse = true;
    serve({
      'POST /api/add-ons': () =>
        refuse
          ? jsonResponse(409, { success: false, message: ADD_ON_MESSAGES.nameTaken })
          : jsonResponse(201, addOnBody(anAddOn(4, { name: 'Ceramic top-up' }), ADD_ON_MESSAGES.created)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: ADD_ON_SCREEN.title });

    await user.click(screen.getByRole('button', { name: 'Add Add-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Add-on' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Add-on' }));
    expect(await within(dialog).findByText(ADD_ON_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ADD_ON_MESSAGES.priceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ADD_ON_MESSAGES.minutesInvalid)).toBeInTheDocument();
    expect(sent('POST', '/api/add-ons')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Ceramic top-up');
    await user.type(within(dialog).getByLabelText('Price ($)'), '30');
    await user.type(within(dialog).getByLabelText('Extra minutes'), '25');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Foam Wash' }));
    const classPrices = within(dialog).getByRole('group', { name: 'Prices by vehicle class' });
    await user.click(within(classPrices).getByRole('button', { name: 'Add a class price' }));
    // Only the live classes, in the shop's order.
    const classBox = within(classPrices).getByLabelText('Class');
    expect(Array.from((classBox as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'Small car',
      'Sedan',
      'SUV',
    ]);
    await user.selectOptions(classBox, 'SUV');
    await user.type(within(classPrices).getByLabelText('Price ($)'), '45.5');
    await user.type(within(classPrices).getByLabelText('Minutes'), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save Add-on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADD_ON_MESSAGES.nameTaken);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save Add-on' }));
    expect(await screen.findByText(ADD_ON_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = {
      name: 'Ceramic top-up',
      description: '',
      price: 30,
      minutes: 25,
      active: true,
      services: [FOAM_WASH._id],
      prices: [{ vehicleClass: SUV._id, price: 45.5, minutes: 35 }],
    };
    expect(await bodiesSent('POST', '/api/add-ons')).toEqual([body, body]);
  });

  it('edits an add-on from its saved values and sends the lists whole; a row removed is a class price dropped', async () => {
    serve({ [`PUT /api/add-ons/${PET_HAIR._id}`]: () => jsonResponse(200, addOnBody(PET_HAIR)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit Pet hair removal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Add-on' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Pet hair removal');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Every hair out of the seats and carpets');
    expect(within(dialog).getByRole('checkbox', { name: 'Full Interior Detail' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Active: customers can pick it' })).toBeChecked();
    const classPrices = within(dialog).getByRole('group', { name: 'Prices by vehicle class' });
    expect(within(classPrices).getByLabelText('Class')).toHaveValue(SUV._id);
    expect(within(classPrices).getByLabelText('Price ($)')).toHaveValue(35);

    await user.clear(within(dialog).getByLabelText('Price ($)', { selector: '#add-on-price' }));
    await user.type(within(dialog).getByLabelText('Price ($)', { selector: '#add-on-price' }), '28');
    await user.click(within(classPrices).getByRole('button', { name: 'Remove the price of SUV' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active: customers can pick it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Add-on' }));

    expect(await screen.findByText(ADD_ON_MESSAGES.updated)).toBeInTheDocument();
    expect(await bodiesSent('PUT', `/api/add-ons/${PET_HAIR._id}`)).toEqual([
      {
        name: 'Pet hair removal',
        description: 'Every hair out of the seats and carpets',
        price: 28,
        minutes: 20,
        active: false,
        services: [FULL_DETAIL._id],
        prices: [],
      },
    ]);
  });

  it("asks before deactivating, shows the server's refusal, and deactivates once it is accepted", async () => {
    let refuse = true;
    serve({
      [`DELETE /api/add-ons/${ENGINE_BAY._id}`]: () =>
        refuse
          ? jsonResponse(404, { success: false, message: ADD_ON_MESSAGES.notFound })
          : jsonResponse(200, { success: true, message: ADD_ON_MESSAGES.deactivated }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Deactivate Engine bay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Engine bay?' });
    expect(dialog).toHaveTextContent(ADD_ON_SCREEN.deactivateWarning);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADD_ON_MESSAGES.notFound);

    refuse = false;
    // Pressed again once the first answer has let go of the button.
    const again = within(dialog).getByRole('button', { name: 'Deactivate' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await waitFor(() => expect(sent('DELETE', `/api/add-ons/${ENGINE_BAY._id}`)).toHaveLength(2));
    expect(await screen.findByText(ADD_ON_MESSAGES.deactivated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('DELETE', `/api/add-ons/${ENGINE_BAY._id}`)).toHaveLength(2);
  });
});
