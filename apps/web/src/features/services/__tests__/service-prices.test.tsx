import type { ServiceDetail } from '@carcare/contracts/services';
import { SERVICE_MESSAGES, SERVICE_PRICES_WORDS } from '@carcare/contracts/services-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ManageServicesPage } from '../pages/manage-services-page';
import { aService, detailBody, listBody } from './service-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin', Component: ManageServicesPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

const SERVICE = aService({ name: 'Full Interior Detail', price: 120, duration: 90 });
const SMALL = 'c1a55000-0000-4000-8000-000000000001';
const SEDAN = 'c1a55000-0000-4000-8000-000000000002';
const SUV = 'c1a55000-0000-4000-8000-000000000003';

/** The live classes: Small car at the service's price, Sedan likewise, the SUV with its own. */
const PRICES: ServiceDetail['prices'] = [
  { vehicleClass: SMALL, name: 'Small car', price: 120, duration: 90, own: false },
  { vehicleClass: SEDAN, name: 'Sedan', price: 120, duration: 90, own: false },
  { vehicleClass: SUV, name: 'SUV', price: 160, duration: 120, own: true },
];

const PRICES_PATH = `/api/services/${SERVICE._id}/prices`;

const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/services': () => jsonResponse(200, listBody([SERVICE])),
      'GET /api/bays': () => jsonResponse(200, { success: true, message: 'Bays retrieved', data: [], totalDoc: 0 }),
      [`GET /api/services/${SERVICE._id}`]: () => jsonResponse(200, detailBody(SERVICE, PRICES)),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const bodiesSent = () =>
  Promise.all(
    requests
      .filter((request) => request.method === 'PUT' && new URL(request.url).pathname === PRICES_PATH)
      .map((request) => request.clone().json()),
  );

beforeEach(() => {
  requests.length = 0;
});

afterEach(() => {
  toast.dismiss();
});

const openPrices = async () => {
  renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(aUser({ role: 'admin' })) });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Edit Full Interior Detail' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update Service Details' });
  const section = await within(dialog).findByRole('region', { name: SERVICE_PRICES_WORDS.title });
  await within(section).findByLabelText('Price for SUV');
  return { user, section };
};

// Dialogs and toasts render slowly on a loaded two-core machine.
describe('Prices by vehicle class in the edit dialog', { timeout: 30_000 }, () => {
  it("fills in the classes with their own prices and shows the service's as the others' placeholders", async () => {
    serve();
    const { section } = await openPrices();

    expect(within(section).getByLabelText('Price for SUV')).toHaveValue(160);
    expect(within(section).getByLabelText('Duration for SUV')).toHaveValue(120);
    for (const name of ['Small car', 'Sedan']) {
      expect(within(section).getByLabelText(`Price for ${name}`)).toHaveValue(null);
      expect(within(section).getByLabelText(`Price for ${name}`)).toHaveAttribute('placeholder', '120');
      expect(within(section).getByLabelText(`Duration for ${name}`)).toHaveAttribute('placeholder', '90');
    }
  });

  it("sends only the rows filled in, an empty half taking the service's value, and says it saved", async () => {
    serve({
      [`PUT ${PRICES_PATH}`]: () => jsonResponse(200, detailBody(SERVICE, PRICES, SERVICE_MESSAGES.pricesSaved)),
    });
    const { user, section } = await openPrices();

    await user.type(within(section).getByLabelText('Price for Small car'), '99.5');
    await user.clear(within(section).getByLabelText('Duration for SUV'));
    await user.type(within(section).getByLabelText('Duration for SUV'), '135');
    await user.click(within(section).getByRole('button', { name: SERVICE_PRICES_WORDS.save }));

    expect(await screen.findByText(SERVICE_MESSAGES.pricesSaved)).toBeInTheDocument();
    expect(await bodiesSent()).toEqual([
      {
        prices: [
          { vehicleClass: SMALL, price: 99.5, duration: 90 },
          { vehicleClass: SUV, price: 160, duration: 135 },
        ],
      },
    ]);
  });

  it("checks the rows with the contract's messages before sending, and clears a class by emptying it", async () => {
    serve({
      [`PUT ${PRICES_PATH}`]: () => jsonResponse(200, detailBody(SERVICE, PRICES, SERVICE_MESSAGES.pricesSaved)),
    });
    const { user, section } = await openPrices();

    await user.type(within(section).getByLabelText('Price for Sedan'), '0');
    await user.type(within(section).getByLabelText('Duration for Sedan'), '1.5');
    await user.click(within(section).getByRole('button', { name: SERVICE_PRICES_WORDS.save }));
    expect(await within(section).findByText(SERVICE_MESSAGES.pricePositive)).toBeInTheDocument();
    expect(within(section).getByText(SERVICE_MESSAGES.durationWhole)).toBeInTheDocument();
    expect(within(section).getByLabelText('Price for Sedan')).toHaveAttribute('aria-invalid', 'true');
    expect(await bodiesSent()).toEqual([]);

    await user.clear(within(section).getByLabelText('Price for Sedan'));
    await user.clear(within(section).getByLabelText('Duration for Sedan'));
    await user.clear(within(section).getByLabelText('Price for SUV'));
    await user.clear(within(section).getByLabelText('Duration for SUV'));
    await user.click(within(section).getByRole('button', { name: SERVICE_PRICES_WORDS.save }));
    await waitFor(async () => expect(await bodiesSent()).toEqual([{ prices: [] }]));
    expect(within(section).queryByText(SERVICE_MESSAGES.pricePositive)).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the section and as a toast", async () => {
    serve({
      [`PUT ${PRICES_PATH}`]: () => jsonResponse(400, { success: false, message: SERVICE_MESSAGES.pricesClassUnknown }),
    });
    const { user, section } = await openPrices();

    await user.type(within(section).getByLabelText('Price for Sedan'), '130');
    await user.click(within(section).getByRole('button', { name: SERVICE_PRICES_WORDS.save }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(SERVICE_MESSAGES.pricesClassUnknown);
    expect(await screen.findAllByText(SERVICE_MESSAGES.pricesClassUnknown)).toHaveLength(2);
  });

  it('says so when the prices cannot be loaded', async () => {
    serve({ [`GET /api/services/${SERVICE._id}`]: () => jsonResponse(500, { success: false, message: 'boom' }) });
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(aUser({ role: 'admin' })) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Full Interior Detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Service Details' });
    const section = await within(dialog).findByRole('region', { name: SERVICE_PRICES_WORDS.title });
    expect(await within(section).findByRole('alert')).toHaveTextContent(SERVICE_PRICES_WORDS.loadFailed);
  });
});
