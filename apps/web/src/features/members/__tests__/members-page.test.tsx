import type { Member } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAMILY_CLUB,
  OLD_CLUB,
  planListBody,
  TEN_WASH_PACK,
  WASH_CLUB,
} from '@/features/plans/__tests__/plan-fixtures';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { MembersPage } from '../pages/members-page';
import {
  ANN,
  ANN_FAMILY,
  aCustomer,
  aMember,
  BOB_PACK,
  CAROL_PAST_DUE,
  DAN_ENDED,
  memberBody,
  memberListBody,
} from './member-fixtures';

type Handler = (request: Request) => Response | Promise<Response>;

const fetchMock = stubFetch();
const requests: Request[] = [];
let members: Member[] = [];

/**
 * The owner's API: the memberships as they stand (filtered by `?status=` as the server does), every plan, the
 * config and the customers found, plus the given calls.
 */
const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const url = new URL(request.url);
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/memberships': () => {
        const status = url.searchParams.get('status');
        return jsonResponse(200, memberListBody(members.filter((each) => !status || each.status === status)));
      },
      'GET /api/plans/all': () => jsonResponse(200, planListBody([WASH_CLUB, FAMILY_CLUB, TEN_WASH_PACK, OLD_CLUB])),
      'GET /api/customers': () =>
        jsonResponse(200, {
          success: true,
          message: 'Customers found',
          data: [ANN, aCustomer(2, { firstName: 'Annie', vehicles: [] })],
        }),
      ...handlers,
    };
    const handler = all[`${request.method} ${url.pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
const listQueries = () => sent('GET', '/api/memberships').map((request) => new URL(request.url).search);
const bodiesSent = (method: string, path: string) =>
  Promise.all(sent(method, path).map((request) => request.clone().json()));

const renderPage = (path = '/dashboard/admin/members') =>
  renderRoutes([{ path: '/dashboard/admin/members', Component: MembersPage }], {
    path,
    session: signedIn(aUser({ role: 'admin' })),
  });

/** Makes the page's media query for phones match, as on a 360 px screen. */
const onAPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

/** The table's row of the member of that name. */
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(0, 8)
    .map((cell) => cell.textContent);

beforeAll(() => {
  // Radix Select relies on pointer capture and scrolling, which jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  requests.length = 0;
  members = [ANN_FAMILY, BOB_PACK, CAROL_PAST_DUE, DAN_ENDED];
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('the Members screen', { timeout: 30_000 }, () => {
  it('lists every membership and pack with its member, plan, cars, status, days, failed payments and washes left', async () => {
    serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Member',
      'Plan',
      'Cars',
      'Status',
      'Since',
      'Renews / ends',
      'Failed payments',
      'Washes left',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      [
        'Ann Leeann@example.com',
        'Family Club',
        '2021 Toyota RAV4 (ABC123)Work car (XYZ9)',
        'Active',
        'May 1, 2030',
        'Renews on May 1, 2031',
        '0',
        '5 of 8',
      ],
      [
        'Bob Stonebob@example.com',
        '10-Wash PackGiven',
        '2021 Toyota RAV4 (PLT2)',
        'Active',
        'May 1, 2030',
        'Valid until May 1, 2031',
        '0',
        '7 of 10',
      ],
      [
        'Carol Diazcarol@example.com',
        'Wash Club',
        '2021 Toyota RAV4 (PLT3)',
        'Payment failed',
        'May 1, 2030',
        'Ends on Jun 1, 2030',
        '2',
        'Unlimited',
      ],
      [
        'Dan Wudan@example.com',
        'Wash Club',
        '2021 Toyota RAV4 (PLT4)',
        'Ended',
        'Mar 1, 2030',
        'Ended on Apr 1, 2030',
        '0',
        '-',
      ],
    ]);
    // Only a live membership can be ended.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: "End Ann Lee's Family Club" })).toBeEnabled();
    expect(within(rows[3] as HTMLElement).queryByRole('button', { name: /^End / })).not.toBeInTheDocument();
    expect(listQueries()).toEqual(['']);
  });

  it('lists those of one status when filtered, asking the server for them and keeping the status in the address', async () => {
    serve();
    const { router } = renderPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Members' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All',
      'Active',
      'Payment failed',
      'Suspended',
      'Paused',
      'Ended',
      'Waiting for payment',
    ]);
    await user.click(screen.getByRole('option', { name: 'Payment failed' }));

    await waitFor(() => expect(listQueries()).toEqual(['', '?status=past_due']));
    expect(router.state.location.search).toBe('?status=past_due');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(rowOf('Carol Diaz')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Suspended' }));
    expect(await screen.findByText('No membership has this status.')).toBeInTheDocument();
    expect(listQueries()).toEqual(['', '?status=past_due', '?status=suspended']);
  });

  it('opens on the status the address names', async () => {
    serve();
    renderPage('/dashboard/admin/members?status=ended');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(listQueries()).toEqual(['?status=ended']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Ended');
  });

  it('shows cards on a phone, each with its facts and End membership', async () => {
    onAPhone();
    serve();
    renderPage();

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const bob = within(list).getByRole('listitem', { name: 'Bob Stone' });
    expect(within(bob).getByText('Given')).toBeInTheDocument();
    expect(within(bob).getByText('Washes left').nextSibling).toHaveTextContent('7 of 10');
    expect(within(bob).getByText('Renews / ends').nextSibling).toHaveTextContent('Valid until May 1, 2031');
    expect(within(bob).getByRole('button', { name: "End Bob Stone's 10-Wash Pack" })).toBeEnabled();
    const dan = within(list).getByRole('listitem', { name: 'Dan Wu' });
    expect(within(dan).queryByRole('button', { name: /^End / })).not.toBeInTheDocument();
  });

  it('ends a membership in two clicks, saying it ends now and nothing more is billed, and lists it as ended', async () => {
    serve({
      [`POST /api/memberships/${ANN_FAMILY._id}/end`]: () => {
        const ended: Member = { ...ANN_FAMILY, status: 'ended', endedAt: '2030-05-20T10:00:00.000Z' };
        members = members.map((each) => (each._id === ended._id ? ended : each));
        return jsonResponse(200, memberBody(ended, MEMBERSHIP_MESSAGES.ended));
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: "End Ann Lee's Family Club" }));
    const dialog = await screen.findByRole('alertdialog', { name: "End Ann Lee's Family Club now?" });
    expect(dialog).toHaveAccessibleDescription(
      'It ends now: nothing more is billed, and its cars no longer wash under it. Bookings it already paid keep their washes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'End membership' }));

    expect(await screen.findByText(MEMBERSHIP_MESSAGES.ended)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('POST', `/api/memberships/${ANN_FAMILY._id}/end`)).toHaveLength(1);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    // The list is asked for again and shows it ended, with nothing left to end.
    await waitFor(() => expect(listQueries()).toEqual(['', '']));
    await waitFor(() => expect(cellsOf(rowOf('Ann Lee'))[5]).toBe('Ended on May 20, 2030'));
    expect(within(rowOf('Ann Lee')).queryByRole('button', { name: /^End / })).not.toBeInTheDocument();
  });

  it('says in the dialog and a toast why the server refused to end it, and keeps the dialog open', async () => {
    serve({
      [`POST /api/memberships/${CAROL_PAST_DUE._id}/end`]: () =>
        jsonResponse(409, { success: false, message: MEMBERSHIP_MESSAGES.alreadyEnded }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: "End Carol Diaz's Wash Club" }));
    const dialog = await screen.findByRole('alertdialog', { name: "End Carol Diaz's Wash Club now?" });
    await user.click(within(dialog).getByRole('button', { name: 'End membership' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.alreadyEnded);
    expect(await screen.findAllByText(MEMBERSHIP_MESSAGES.alreadyEnded)).toHaveLength(2);
    expect(dialog).toBeInTheDocument();
    // The list is asked for again, to show the membership as it stands.
    await waitFor(() => expect(listQueries()).toEqual(['', '']));
  });
});

/** Opens Give a membership, finds "ann" and chooses Ann Lee. */
const giveToAnn = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('table', { name: 'Members' });
  await user.click(screen.getByRole('button', { name: 'Give a membership' }));
  const dialog = await screen.findByRole('dialog', { name: 'Give a membership' });
  await user.type(within(dialog).getByRole('searchbox', { name: 'Find the customer' }), 'ann');
  await user.click(await within(dialog).findByRole('button', { name: 'Choose Ann Lee' }));
  return dialog;
};

describe('giving a membership', { timeout: 30_000 }, () => {
  it("gives a customer's ticked cars a membership for some months, and lists it", async () => {
    const given = aMember(5, { ...ANN_FAMILY, _id: aMember(5)._id, comped: true, washesLeft: 8, washesUsed: 0 });
    serve({
      'POST /api/memberships/comp': () => {
        members = [given, ...members];
        return jsonResponse(201, memberBody(given, MEMBERSHIP_MESSAGES.comped));
      },
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await giveToAnn(user);
    expect(sent('GET', '/api/customers').map((request) => new URL(request.url).search)).toEqual(['?q=ann']);
    expect(within(dialog).getByText('ann@example.com · ABC123, XYZ9')).toBeInTheDocument();
    const plan = within(dialog).getByRole('combobox', { name: 'Plan' });
    // Only the plans on offer can be given.
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a plan', 'Wash Club ($39 a month)', 'Family Club ($999 a year)', '10-Wash Pack ($200 once)']);
    await user.selectOptions(plan, FAMILY_CLUB._id);
    const cars = within(dialog).getByRole('group', { name: 'The cars it is for (up to 2)' });
    await user.click(within(cars).getByRole('checkbox', { name: 'Toyota RAV4 (ABC123)' }));
    await user.click(within(cars).getByRole('checkbox', { name: 'Honda Civic (XYZ9)' }));
    const months = within(dialog).getByRole('spinbutton', { name: 'Months' });
    await user.clear(months);
    await user.type(months, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));

    expect(await screen.findByText(MEMBERSHIP_MESSAGES.comped)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await bodiesSent('POST', '/api/memberships/comp')).toEqual([
      { customer: ANN._id, plan: FAMILY_CLUB._id, vehicles: ANN.vehicles.map((car) => car._id), months: 3 },
    ]);
    await waitFor(() => expect(listQueries()).toEqual(['', '']));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row')).toHaveLength(6),
    );
  });

  it('gives a pack for its days, sending no months', async () => {
    serve({
      'POST /api/memberships/comp': () => jsonResponse(201, memberBody(BOB_PACK, MEMBERSHIP_MESSAGES.comped)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await giveToAnn(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), TEN_WASH_PACK._id);
    expect(within(dialog).queryByRole('spinbutton', { name: 'Months' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('A pack is given for its 365 days.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Honda Civic (XYZ9)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await bodiesSent('POST', '/api/memberships/comp')).toEqual([
      { customer: ANN._id, plan: TEN_WASH_PACK._id, vehicles: [ANN.vehicles[1]?._id] },
    ]);
  });

  it('says what is missing or too many before sending anything', async () => {
    serve();
    renderPage();
    const user = userEvent.setup({ delay: null });

    await screen.findByRole('table', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Give a membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give a membership' });
    expect(within(dialog).getByText('Choose the customer first.')).toBeInTheDocument();
    const months = within(dialog).getByRole('spinbutton', { name: 'Months' });
    await user.clear(months);
    await user.type(months, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));

    expect(await within(dialog).findByText('Choose the customer')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the plan')).toBeInTheDocument();
    expect(within(dialog).getByText(MEMBERSHIP_MESSAGES.vehiclesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MEMBERSHIP_MESSAGES.monthsInvalid)).toBeInTheDocument();

    // A one-car plan takes one car.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the customer' }), 'ann');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Ann Lee' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), WASH_CLUB._id);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Toyota RAV4 (ABC123)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Honda Civic (XYZ9)' }));
    await user.clear(months);
    await user.type(months, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));
    expect(await within(dialog).findByText(MEMBERSHIP_MESSAGES.tooManyVehicles(1))).toBeInTheDocument();
    expect(sent('POST', '/api/memberships/comp')).toEqual([]);

    // A customer without a car has nothing to tick.
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the customer' }), 'annie');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Annie Lee' }));
    expect(within(dialog).getByText('This customer has no car in their garage yet.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a field under it, and any other refusal above the form, keeping it open", async () => {
    let answer = () =>
      jsonResponse(400, {
        success: false,
        message: MEMBERSHIP_MESSAGES.vehicleUnknown,
        errors: [{ path: 'vehicles', message: MEMBERSHIP_MESSAGES.vehicleUnknown }],
      });
    serve({ 'POST /api/memberships/comp': () => answer() });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const dialog = await giveToAnn(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), WASH_CLUB._id);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Toyota RAV4 (ABC123)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));

    const cars = within(dialog).getByRole('group', { name: 'The car it is for' });
    expect(await within(cars).findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.vehicleUnknown);

    answer = () => jsonResponse(409, { success: false, message: MEMBERSHIP_MESSAGES.planRetired });
    await user.click(within(dialog).getByRole('button', { name: 'Give membership' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain(MEMBERSHIP_MESSAGES.planRetired),
    );
    expect(await bodiesSent('POST', '/api/memberships/comp')).toEqual([
      { customer: ANN._id, plan: WASH_CLUB._id, vehicles: [ANN.vehicles[0]?._id], months: 1 },
      { customer: ANN._id, plan: WASH_CLUB._id, vehicles: [ANN.vehicles[0]?._id], months: 1 },
    ]);
    expect(dialog).toBeInTheDocument();
    expect(listQueries()).toEqual(['']);
  });
});
