import type { WaitlistDayEntry, WaitlistEntry } from '@carcare/contracts/waitlist';
import { WAITLIST_MESSAGES, WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ONS, aVehicle, ok, okList, PET_HAIR } from '@/features/garage/__tests__/garage-fixtures';
import { aPublicConfig, aUser, jsonResponse, requestOf, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { DayWaitlist } from '../components/day-waitlist';
import { JoinWaitlist } from '../components/join-waitlist';
import { MyWaitlistPage } from '../pages/my-waitlist-page';

const fetchMock = stubFetch();
const SERVICE = '5e7c1ce0-0000-4000-8000-000000000001';

const anEntry = (index: number, overrides: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  _id: `e0000000-0000-4000-8000-00000000000${index}`,
  status: 'waiting',
  service: { _id: SERVICE, name: 'Premium Wash' },
  vehicle: null,
  vehicleClass: null,
  addOns: [],
  windows: [{ date: '2030-05-14', from: '08:00', to: '12:00' }],
  offer: null,
  createdAt: '2030-05-10T09:00:00.000Z',
  ...overrides,
});

type Sent = { method: string; path: string; body: string };

const serve = (entries: WaitlistEntry[], answers: Record<string, () => Response> = {}) => {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const url = new URL(request.url);
    if (request.method !== 'GET') sent.push({ method: request.method, path: url.pathname, body: await request.text() });
    const answer = answers[`${request.method} ${url.pathname}`];
    if (answer) return answer();
    if (url.pathname === '/api/config') return jsonResponse(200, ok('Configuration', aPublicConfig()));
    if (url.pathname === '/api/waitlist/mine') return jsonResponse(200, okList(WAITLIST_MESSAGES.retrieved, entries));
    if (url.pathname === '/api/vehicles') return jsonResponse(200, okList('Vehicles retrieved', [aVehicle(1)]));
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return sent;
};

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the customer’s waitlist', () => {
  it('lists each entry with its days, and an open offer with Book and pay and the minutes left', async () => {
    vi.useFakeTimers({ now: new Date('2030-05-12T10:00:00.000Z'), toFake: ['Date'] });
    serve([
      anEntry(1),
      anEntry(2, {
        status: 'offered',
        service: { _id: SERVICE, name: 'Interior Detail' },
        offer: {
          _id: 'af000000-0000-4000-8000-000000000001',
          status: 'open',
          booking: 'b0000000-0000-4000-8000-000000000001',
          startsAt: '2030-05-14T09:00:00.000Z',
          date: '2030-05-14',
          startTime: '09:00',
          expiresAt: '2030-05-12T10:12:00.000Z',
          paymentUrl: 'https://shop.example.com/pay/sbx_1',
        },
      }),
    ]);
    renderRoutes([{ path: '/', Component: MyWaitlistPage }], { path: '/', session: signedIn() });
    const waiting = await screen.findByRole('article', { name: 'Premium Wash' });
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).getByText('May 14, 2030, 08:00–12:00')).toBeInTheDocument();
    expect(within(waiting).queryByRole('link', { name: WAITLIST_WORDS.bookAndPay })).toBeNull();
    const offered = screen.getByRole('article', { name: 'Interior Detail' });
    expect(within(offered).getByText(WAITLIST_WORDS.offerHeld('May 14, 2030, 09:00'))).toBeInTheDocument();
    expect(within(offered).getByText('12 minutes left')).toBeInTheDocument();
    expect(within(offered).getByRole('link', { name: WAITLIST_WORDS.bookAndPay })).toHaveAttribute(
      'href',
      'https://shop.example.com/pay/sbx_1',
    );
  });

  it('leaves an entry with Leave and says so', async () => {
    const sent = serve([anEntry(1)], {
      [`DELETE /api/waitlist/${anEntry(1)._id}`]: () =>
        jsonResponse(200, { success: true, message: WAITLIST_MESSAGES.left }),
    });
    renderRoutes([{ path: '/', Component: MyWaitlistPage }], { path: '/', session: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: WAITLIST_WORDS.leave }));
    expect(await screen.findByText(WAITLIST_MESSAGES.left)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/waitlist/${anEntry(1)._id}`, body: '' }]);
  });

  it('says when there is nothing on it', async () => {
    serve([]);
    renderRoutes([{ path: '/', Component: MyWaitlistPage }], { path: '/', session: signedIn() });
    expect(await screen.findByText(WAITLIST_WORDS.empty)).toBeInTheDocument();
  });
});

describe('joining the waitlist from a service', () => {
  const renderJoin = (session = signedIn()) =>
    renderRoutes([{ path: '/', element: <JoinWaitlist serviceId={SERVICE} addOns={ADD_ONS} /> }], {
      path: '/',
      session,
    });

  it('sends the days and windows chosen, the car from the garage and the add-ons ticked', async () => {
    const sent = serve([], {
      'POST /api/waitlist': () => jsonResponse(201, ok(WAITLIST_MESSAGES.joined, anEntry(1))),
    });
    renderJoin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.join }));
    const day = screen.getByLabelText(WAITLIST_WORDS.day);
    await user.clear(day);
    await user.type(day, '2030-05-14');
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.addWindow }));
    const days = screen.getAllByLabelText(WAITLIST_WORDS.day);
    await user.clear(days[1] as HTMLElement);
    await user.type(days[1] as HTMLElement, '2030-05-15');
    const froms = screen.getAllByLabelText(WAITLIST_WORDS.from);
    await user.clear(froms[1] as HTMLElement);
    await user.type(froms[1] as HTMLElement, '13:00');
    await user.selectOptions(await screen.findByLabelText(WAITLIST_WORDS.vehicle), aVehicle(1)._id);
    await user.click(screen.getByRole('checkbox', { name: /Pet hair removal/ }));
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.submit }));
    expect(await screen.findByText(WAITLIST_MESSAGES.joined)).toBeInTheDocument();
    expect(sent.map((call) => [call.method, call.path, JSON.parse(call.body)])).toEqual([
      [
        'POST',
        '/api/waitlist',
        {
          service: SERVICE,
          windows: [
            { date: '2030-05-14', from: '08:00', to: '17:00' },
            { date: '2030-05-15', from: '13:00', to: '17:00' },
          ],
          vehicle: aVehicle(1)._id,
          addOns: [PET_HAIR],
        },
      ],
    ]);
  });

  it('offers at most three days, and shows the server’s refusal word for word', async () => {
    serve([], {
      'POST /api/waitlist': () => jsonResponse(409, { success: false, message: WAITLIST_MESSAGES.alreadyWaiting }),
    });
    renderJoin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.join }));
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.addWindow }));
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.addWindow }));
    expect(screen.getAllByLabelText(WAITLIST_WORDS.day)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: WAITLIST_WORDS.addWindow })).toBeNull();
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WAITLIST_MESSAGES.windowRepeated);
    const froms = screen.getAllByLabelText(WAITLIST_WORDS.from);
    await user.clear(froms[1] as HTMLElement);
    await user.type(froms[1] as HTMLElement, '09:00');
    await user.clear(froms[2] as HTMLElement);
    await user.type(froms[2] as HTMLElement, '10:00');
    await user.click(screen.getByRole('button', { name: WAITLIST_WORDS.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(WAITLIST_MESSAGES.alreadyWaiting));
  });

  it('asks a visitor to sign in, and shows no form to staff', async () => {
    serve([]);
    renderJoin(signedOut);
    expect(screen.getByRole('link', { name: WAITLIST_WORDS.signInToJoin })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WAITLIST_WORDS.join })).toBeNull();
  });
});

describe('the counter’s waitlist of a day', () => {
  it('lists who waits in queue order with their service, the day’s windows and an offer held', async () => {
    const entries: WaitlistDayEntry[] = [
      {
        ...anEntry(1, {
          windows: [
            { date: '2030-05-14', from: '08:00', to: '12:00' },
            { date: '2030-05-15', from: '08:00', to: '09:00' },
          ],
        }),
        customer: { _id: aUser()._id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null },
      },
    ];
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(requestOf(input).url);
      if (url.pathname === '/api/waitlist' && url.searchParams.get('date') === '2030-05-14') {
        return jsonResponse(200, okList(WAITLIST_MESSAGES.retrieved, entries));
      }
      return jsonResponse(404, { success: false, message: 'Not found' });
    });
    renderRoutes([{ path: '/', element: <DayWaitlist date="2030-05-14" /> }], {
      path: '/',
      session: signedIn(aUser({ role: 'staff' })),
    });
    const section = await screen.findByRole('region', { name: WAITLIST_WORDS.dayHeading });
    expect(await within(section).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(section).getByText('Premium Wash · 08:00–12:00')).toBeInTheDocument();
    expect(within(section).getByText('ada@example.com')).toBeInTheDocument();
  });
});
