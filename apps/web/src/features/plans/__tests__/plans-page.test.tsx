import type { Plan } from '@carcare/contracts/plans';
import { PLAN_MESSAGES, PLAN_SCREEN } from '@carcare/contracts/plans-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { PlansPage } from '../pages/plans-page';
import {
  addOnOffersBody,
  COMBO,
  EXPRESS,
  FAMILY_CLUB,
  OLD_CLUB,
  planBody,
  planListBody,
  RAIN_REPEL,
  serviceNamesBody,
  TEN_WASH_PACK,
  TYRE_SHINE,
  WASH_CLUB,
  WAX,
} from './plan-fixtures';

const routes: RouteObject[] = [{ path: '/dashboard/admin/plans', Component: PlansPage }];

type Handler = (request: Request) => Response | Promise<Response>;
const fetchMock = stubFetch();
const requests: Request[] = [];

/** Answers the plans, the service names, the add-ons on offer and the config, plus the given calls. */
const serve = (
  handlers: Record<string, Handler> = {},
  plans: Plan[] = [WASH_CLUB, FAMILY_CLUB, TEN_WASH_PACK, OLD_CLUB],
) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/plans/all': () => jsonResponse(200, planListBody(plans)),
      'GET /api/services/g/names': () => jsonResponse(200, serviceNamesBody()),
      'GET /api/add-ons': () => jsonResponse(200, addOnOffersBody()),
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
const bodiesSent = (method: string, path: string) =>
  Promise.all(sent(method, path).map((request) => request.clone().json()));

/** A 400 as the API answers a refused field. */
const refusedField = (path: string, message: string) =>
  jsonResponse(400, { success: false, message, errors: [{ path, message }] });

beforeEach(() => {
  requests.length = 0;
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes(routes, { path: '/dashboard/admin/plans', session: signedIn(aUser({ role: 'admin' })) });

/** Makes the page's media query for phones match, as on a 360 px screen. */
const onAPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

const openAddDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('table', { name: PLAN_SCREEN.title });
  await user.click(screen.getByRole('button', { name: 'Add Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Plan' });
  // The services and add-ons to choose from have arrived.
  await within(dialog).findByRole('checkbox', { name: RAIN_REPEL.name });
  return dialog;
};

describe('the Plans screen', { timeout: 30_000 }, () => {
  it('lists every plan with its kind, price, washes, what it covers and whether it is on offer', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: PLAN_SCREEN.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: PLAN_SCREEN.title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Wash Club',
        'Membership',
        '$39 a month',
        'Unlimited washes1 wash a day · For 1 vehicle',
        'Express Exterior WashAdd-ons included: Tyre shine',
        'Active',
      ],
      [
        'Family Club',
        'Membership',
        '$999 a year',
        '8 washes a yearUp to 2 washes a day · For 2 vehicles',
        'Express Exterior Wash, Wash & Vacuum Combo',
        'Active',
      ],
      [
        '10-Wash Pack',
        'Pack',
        '$200 once',
        '10 washes, valid 365 days1 wash a day · For 1 vehicle',
        'Express Exterior Wash',
        'Active',
      ],
      [
        'Old Club',
        'Membership',
        '$29.50 a month',
        'Unlimited washes1 wash a day · For 1 vehicle',
        'Express Exterior Wash',
        'Retired',
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Edit Old Club' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire Wash Club' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire Old Club' })).not.toBeInTheDocument();
    expect(sent('GET', '/api/plans/all')).toHaveLength(1);
  });

  it('shows cards instead of a table on a phone', async () => {
    onAPhone();
    serve();
    renderPage();

    const cards = await screen.findByRole('list', { name: PLAN_SCREEN.title });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const family = within(cards).getByRole('listitem', { name: 'Family Club' });
    expect(family).toHaveTextContent('Membership · $999 a year');
    expect(family).toHaveTextContent('8 washes a year · Up to 2 washes a day · For 2 vehicles');
    expect(within(family).getByRole('button', { name: 'Edit Family Club' })).toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded, and when there are none', async () => {
    serve({ 'GET /api/plans/all': () => jsonResponse(500, { success: false, message: 'boom' }) });
    const { unmount } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAN_SCREEN.listFailed);
    unmount();

    serve({}, []);
    renderPage();
    expect(await screen.findByText(PLAN_SCREEN.empty)).toBeInTheDocument();
  });

  it("adds a yearly membership with washes a year; the contract's messages and the server's show under their fields", async () => {
    let answer: () => Response = () => refusedField('services', PLAN_MESSAGES.serviceUnknown);
    serve({ 'POST /api/plans': () => answer() });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Unlimited washes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText(PLAN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PLAN_MESSAGES.priceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PLAN_MESSAGES.washesInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(PLAN_MESSAGES.servicesRequired)).toBeInTheDocument();
    expect(sent('POST', '/api/plans')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Family Year');
    await user.type(within(dialog).getByLabelText('Description'), 'Two cars all year');
    await user.type(within(dialog).getByLabelText('Price ($)'), '999.99');
    await user.selectOptions(within(dialog).getByLabelText('Billed'), 'Yearly');
    await user.type(within(dialog).getByLabelText('Washes a year'), '100');
    await user.clear(within(dialog).getByLabelText('Washes a day, each vehicle'));
    await user.type(within(dialog).getByLabelText('Washes a day, each vehicle'), '2');
    await user.clear(within(dialog).getByLabelText('Vehicles'));
    await user.type(within(dialog).getByLabelText('Vehicles'), '2');
    await user.click(within(dialog).getByRole('checkbox', { name: COMBO.name }));
    await user.click(within(dialog).getByRole('checkbox', { name: EXPRESS.name }));
    await user.click(within(dialog).getByRole('checkbox', { name: RAIN_REPEL.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));

    // The server's refusal of a list shows under it; a taken name under the name.
    const services = within(dialog).getByRole('group', { name: 'Services covered' });
    expect(await within(services).findByText(PLAN_MESSAGES.serviceUnknown)).toBeInTheDocument();
    answer = () => jsonResponse(409, { success: false, message: PLAN_MESSAGES.nameTaken });
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText(PLAN_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    answer = () => jsonResponse(201, planBody(FAMILY_CLUB, PLAN_MESSAGES.created));
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = {
      kind: 'membership',
      name: 'Family Year',
      description: 'Two cars all year',
      price: 999.99,
      interval: 'year',
      washes: 100,
      washesPerDay: 2,
      vehicles: 2,
      // In the order the services are listed.
      services: [EXPRESS._id, COMBO._id],
      addOns: [RAIN_REPEL._id],
    };
    expect(await bodiesSent('POST', '/api/plans')).toEqual([body, body, body]);
  });

  it('adds a pack of washes valid some days, paid once: it has no interval', async () => {
    serve({ 'POST /api/plans': () => jsonResponse(201, planBody(TEN_WASH_PACK, PLAN_MESSAGES.created)) });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Pack' }));
    expect(within(dialog).queryByLabelText('Billed')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Unlimited washes' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '10-Wash Pack');
    await user.type(within(dialog).getByLabelText('Price ($)'), '200');
    await user.type(within(dialog).getByLabelText('Washes'), '10');
    await user.type(within(dialog).getByLabelText('Valid for (days)'), '5');
    await user.click(within(dialog).getByRole('checkbox', { name: EXPRESS.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText(PLAN_MESSAGES.validDaysInvalid)).toBeInTheDocument();
    expect(sent('POST', '/api/plans')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Valid for (days)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    expect(await bodiesSent('POST', '/api/plans')).toEqual([
      {
        kind: 'pack',
        name: '10-Wash Pack',
        description: '',
        price: 200,
        washes: 10,
        validDays: 50,
        washesPerDay: 1,
        vehicles: 1,
        services: [EXPRESS._id],
        addOns: [],
      },
    ]);
  });

  it('edits a plan from its saved values, its kind, price and interval fixed; the lists are sent whole', async () => {
    serve({ [`PUT /api/plans/${FAMILY_CLUB._id}`]: () => jsonResponse(200, planBody(FAMILY_CLUB)) });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit Family Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(dialog).toHaveTextContent(`Membership · $999 a year${PLAN_SCREEN.billingFixed}`);
    expect(within(dialog).queryByLabelText('Price ($)')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Family Club');
    expect(within(dialog).getByRole('checkbox', { name: 'Unlimited washes' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Washes a year')).toHaveValue(8);
    expect(within(dialog).getByLabelText('Vehicles')).toHaveValue(2);
    expect(within(dialog).getByRole('checkbox', { name: COMBO.name })).toBeChecked();
    await within(dialog).findByRole('checkbox', { name: TYRE_SHINE.name });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Unlimited washes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: COMBO.name }));
    await user.click(within(dialog).getByRole('checkbox', { name: WAX.name }));
    await user.click(within(dialog).getByRole('checkbox', { name: TYRE_SHINE.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));

    expect(await screen.findByText(PLAN_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodiesSent('PUT', `/api/plans/${FAMILY_CLUB._id}`)).toEqual([
      {
        name: 'Family Club',
        description: '',
        washes: null,
        washesPerDay: 2,
        vehicles: 2,
        services: [EXPRESS._id, WAX._id],
        addOns: [TYRE_SHINE._id],
      },
    ]);
  });

  it("edits a pack's washes and days, and shows the server's refusal of one under it", async () => {
    let answer = () => refusedField('validDays', PLAN_MESSAGES.validDaysInvalid);
    serve({ [`PUT /api/plans/${TEN_WASH_PACK._id}`]: () => answer() });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Edit 10-Wash Pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(dialog).toHaveTextContent('Pack · $200 once');
    expect(within(dialog).getByLabelText('Valid for (days)')).toHaveValue(365);
    await user.clear(within(dialog).getByLabelText('Washes'));
    await user.type(within(dialog).getByLabelText('Washes'), '12');
    await user.clear(within(dialog).getByLabelText('Valid for (days)'));
    await user.type(within(dialog).getByLabelText('Valid for (days)'), '180');
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText(PLAN_MESSAGES.validDaysInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Valid for (days)')).toHaveAttribute('aria-invalid', 'true');

    answer = () => jsonResponse(404, { success: false, message: PLAN_MESSAGES.notFound });
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    // A refusal about no field is said at the top of the dialog.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PLAN_MESSAGES.notFound);
    const body = {
      name: '10-Wash Pack',
      description: '',
      washes: 12,
      validDays: 180,
      washesPerDay: 1,
      vehicles: 1,
      services: [EXPRESS._id],
      addOns: [],
    };
    expect(await bodiesSent('PUT', `/api/plans/${TEN_WASH_PACK._id}`)).toEqual([body, body]);
  });

  it("asks before retiring, shows the server's refusal, and retires once it is accepted", async () => {
    let refuse = true;
    serve({
      [`DELETE /api/plans/${WASH_CLUB._id}`]: () =>
        refuse
          ? jsonResponse(409, { success: false, message: PLAN_MESSAGES.alreadyRetired })
          : jsonResponse(200, planBody({ ...WASH_CLUB, active: false }, PLAN_MESSAGES.retired)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Retire Wash Club' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retire Wash Club?' });
    expect(dialog).toHaveTextContent(PLAN_SCREEN.retireWarning);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PLAN_MESSAGES.alreadyRetired);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText(PLAN_MESSAGES.retired)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('DELETE', `/api/plans/${WASH_CLUB._id}`)).toHaveLength(2);
    // The list is read again after each answer: a refusal (retired elsewhere) says it has changed too.
    await waitFor(() => expect(sent('GET', '/api/plans/all')).toHaveLength(3));
  });
});
