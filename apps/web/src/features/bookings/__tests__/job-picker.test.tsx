import type { QuoteInput } from '@carcare/contracts/quotes';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import type { ServiceDetail } from '@carcare/contracts/services';
import { GARAGE_WORDS, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_ONS,
  aVehicle,
  CLASSES,
  ENGINE_BAY,
  ok,
  okList,
  PET_HAIR,
  SEDAN,
  SUV,
} from '@/features/garage/__tests__/garage-fixtures';
import { aPublicConfig, jsonResponse, requestOf, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { holdRequests, stubFetch } from '@/test/stub-fetch';
import { SlotBooking } from '../components/slot-booking';
import { aService, aSlot } from './booking-fixtures';

const fetchMock = stubFetch();

/** Wheel & Tyre Detail: $45 and 60 minutes for a sedan, $60 and 90 minutes for an SUV; two add-ons. */
const aDetail = (): ServiceDetail => ({
  ...aService(),
  priceFrom: 45,
  prices: [
    { vehicleClass: SEDAN, name: 'Sedan', price: 45, duration: 60, own: false },
    { vehicleClass: SUV, name: 'SUV', price: 60, duration: 90, own: true },
  ],
  addOns: ADD_ONS,
});

/** The server's price of a job: the class's service line, then each add-on's line for that class. */
const quoteFor = (input: QuoteInput) => {
  const vehicleClass = input.vehicle ? SUV : (input.vehicleClass ?? SEDAN);
  const row = aDetail().prices.find((each) => each.vehicleClass === vehicleClass);
  const lines = [
    {
      kind: 'service',
      addOn: null,
      name: 'Wheel & Tyre Detail',
      price: row?.price ?? 45,
      minutes: row?.duration ?? 60,
    },
    ...(input.addOns ?? []).map((id) => {
      const addOn = ADD_ONS.find((each) => each._id === id);
      const price = addOn?.prices.find((each) => each.vehicleClass === vehicleClass);
      return {
        kind: 'addOn',
        addOn: id,
        name: addOn?.name ?? '',
        price: price?.price ?? 0,
        minutes: price?.minutes ?? 0,
      };
    }),
  ];
  return {
    lines,
    total: lines.reduce((sum, line) => sum + line.price, 0),
    duration: lines.reduce((sum, line) => sum + line.minutes, 0),
    vehicleClass: { _id: vehicleClass, name: vehicleClass === SUV ? 'SUV' : 'Sedan' },
    membership: null,
    currency: 'USD',
  };
};

type Recorded = { quotes: QuoteInput[]; slotQueries: URLSearchParams[]; calendarQueries: URLSearchParams[] };

/** The API of a shop with two classes: every quote and slot query is recorded; a new vehicle is given id 9. */
const serve = (vehicles = [aVehicle(1)]) => {
  const recorded: Recorded = { quotes: [], slotQueries: [], calendarQueries: [] };
  let garage = [...vehicles];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === '/api/config') return jsonResponse(200, ok('Configuration', aPublicConfig()));
    if (path === '/api/vehicle-classes') return jsonResponse(200, okList('Vehicle classes retrieved', CLASSES));
    if (path === '/api/vehicles' && request.method === 'GET') {
      return jsonResponse(200, okList(VEHICLE_MESSAGES.retrieved, garage));
    }
    if (path === '/api/vehicles' && request.method === 'POST') {
      const added = aVehicle(9, { make: 'Ford', model: 'Ranger', year: null, plate: null });
      garage = [...garage, added];
      return jsonResponse(201, ok(VEHICLE_MESSAGES.created, added));
    }
    if (path === '/api/bookings/quote') {
      const body = (await request.json()) as QuoteInput;
      recorded.quotes.push(body);
      return jsonResponse(200, ok('Quote ready', quoteFor(body)));
    }
    if (path === '/api/slots/calendar') {
      recorded.calendarQueries.push(url.searchParams);
      const calendar = { timeZone: 'UTC', today: '2030-05-10', lastBookableDate: '2030-07-09', days: [] };
      return jsonResponse(200, ok('ok', { ...calendar, nextAvailable: '2030-05-10' }));
    }
    if (path === '/api/slots/availability') {
      recorded.slotQueries.push(url.searchParams);
      // An SUV with pet hair takes longer: the 10:00 start no longer fits.
      const long = url.searchParams.get('addOns') === PET_HAIR && url.searchParams.get('vehicleClass') === SUV;
      return jsonResponse(
        200,
        ok('ok', long ? [aSlot(0, 'available')] : [aSlot(0, 'available'), aSlot(1, 'available')]),
      );
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return recorded;
};

const routes = [
  { path: '/', element: <SlotBooking service={aDetail()} /> },
  { path: '/login', element: <h1>Login page</h1> },
];

const quoteRegion = () => screen.getByRole('region', { name: JOB_WORDS.quoteHeading });
/** The quote's lines as shown: each term with its value ("Pet hair removal +$35"). */
const lineTexts = () =>
  within(quoteRegion())
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('the vehicle and add-ons on the service page', () => {
  it("prices a visitor's job by the default class at once, with its times and the server's lines", async () => {
    const recorded = serve();
    renderRoutes(routes, { path: '/', session: signedOut });

    const classSelect = await screen.findByRole('combobox', { name: GARAGE_WORDS.classLabel });
    expect(classSelect).toHaveValue(`class:${SEDAN}`);
    expect(
      within(classSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sedan', 'SUV']);
    expect(screen.queryByRole('button', { name: GARAGE_WORDS.add })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Pet hair removal/ })).toBeInTheDocument();
    expect(screen.getByText('+$25 · +20 min')).toBeInTheDocument();

    await waitFor(() => expect(lineTexts()).toEqual(['Wheel & Tyre Detail $45', 'Total $45', 'Duration 60 minutes']));
    expect(recorded.quotes).toEqual([{ service: aService()._id, vehicleClass: SEDAN }]);
    await screen.findByRole('button', { name: '10:00 - 11:00' });
    expect(recorded.slotQueries.map((query) => query.toString())).toEqual([
      `service=${aService()._id}&date=2030-05-10&vehicleClass=${SEDAN}`,
    ]);
    expect(recorded.calendarQueries.every((query) => query.get('vehicleClass') === SEDAN)).toBe(true);
  });

  it('says, for a deposit service, the deposit on the quoted total and that the rest is paid at the shop', async () => {
    serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SlotBooking service={{ ...aDetail(), paymentMode: 'deposit' }} /> }], {
      path: '/',
      session: signedOut,
    });

    // 20% of $45 is $9, below the shop's $10 minimum.
    await waitFor(() => expect(lineTexts()).toEqual(['Wheel & Tyre Detail $45', 'Total $45', 'Duration 60 minutes']));
    expect(within(quoteRegion()).getByText('Deposit $10 online, the rest at the shop')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: GARAGE_WORDS.classLabel }), `class:${SUV}`);
    await user.click(screen.getByRole('checkbox', { name: /Pet hair removal/ }));
    // 20% of $95.
    expect(await within(quoteRegion()).findByText('Deposit $19 online, the rest at the shop')).toBeInTheDocument();
  });

  it("keeps the room of the service's own lines while the price is worked out, out of the reader's way", async () => {
    serve();
    // The quote answers only when let.
    const answerQuote = holdRequests(fetchMock, (url) => url.pathname === '/api/bookings/quote');
    renderRoutes(routes, { path: '/', session: signedOut });

    expect(await within(quoteRegion()).findByRole('status')).toHaveTextContent(JOB_WORDS.quoteLoading);
    // The plain job's lines hold their place unseen: no reader meets them, no line is read twice.
    expect(within(quoteRegion()).queryAllByRole('term')).toEqual([]);
    const room = within(quoteRegion()).getByText('Wheel & Tyre Detail').closest('[aria-hidden="true"]');
    expect(room).toHaveClass('invisible');

    answerQuote();
    await waitFor(() => expect(lineTexts()).toEqual(['Wheel & Tyre Detail $45', 'Total $45', 'Duration 60 minutes']));
    expect(within(quoteRegion()).queryByRole('status')).toBeNull();
    expect(quoteRegion().querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('says nothing of a deposit for a service paid in full', async () => {
    serve();
    renderRoutes(routes, { path: '/', session: signedOut });
    await waitFor(() => expect(lineTexts()).toEqual(['Wheel & Tyre Detail $45', 'Total $45', 'Duration 60 minutes']));
    expect(within(quoteRegion()).queryByText(/^Deposit/)).toBeNull();
  });

  it('follows a change of class and add-ons: the add-ons priced for the class, a new quote, the times refetched', async () => {
    const recorded = serve();
    const user = userEvent.setup();
    const { store } = renderRoutes(routes, { path: '/', session: signedOut });

    await screen.findByRole('button', { name: '10:00 - 11:00' });
    await user.selectOptions(screen.getByRole('combobox', { name: GARAGE_WORDS.classLabel }), `class:${SUV}`);
    expect(screen.getByText('+$35 · +30 min')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Pet hair removal/ }));

    await waitFor(() =>
      expect(lineTexts()).toEqual([
        'Wheel & Tyre Detail $60',
        'Pet hair removal +$35',
        'Total $95',
        'Duration 120 minutes',
      ]),
    );
    expect(recorded.quotes.at(-1)).toEqual({ service: aService()._id, vehicleClass: SUV, addOns: [PET_HAIR] });
    // The choice rests before it is asked: the class alone and the class with the add-on, never each keystroke more.
    expect(recorded.quotes.length).toBeLessThanOrEqual(3);
    await waitFor(() => expect(screen.queryByRole('button', { name: '10:00 - 11:00' })).toBeNull());
    expect(recorded.slotQueries.at(-1)?.toString()).toBe(
      `service=${aService()._id}&date=2030-05-10&vehicleClass=${SUV}&addOns=${PET_HAIR}`,
    );
    expect(recorded.calendarQueries.at(-1)?.get('addOns')).toBe(PET_HAIR);

    await user.click(screen.getByRole('checkbox', { name: /Engine bay clean/ }));
    await waitFor(() => expect(recorded.quotes.at(-1)?.addOns).toEqual([PET_HAIR, ENGINE_BAY]));

    await user.click(await screen.findByRole('button', { name: '09:00 - 10:00' }));
    await user.click(screen.getByRole('button', { name: 'Book This Service' }));
    expect(store.getState().booking).toMatchObject({
      service: aService()._id,
      slot: aSlot(0, 'available')._id,
      vehicle: '',
      vehicleClass: SUV,
      addOns: `${PET_HAIR},${ENGINE_BAY}`,
    });
  });

  it("prices a signed-in customer's job by their first vehicle until they choose, and never by a class first", async () => {
    const recorded = serve([aVehicle(1, { nickname: 'Family SUV' })]);
    renderRoutes(routes, { path: '/', session: signedIn() });

    const picker = await screen.findByRole('combobox', { name: GARAGE_WORDS.vehicleChoice });
    await waitFor(() => expect(picker).toHaveValue(`vehicle:${aVehicle(1)._id}`));
    await waitFor(() => expect(recorded.quotes.at(-1)).toEqual({ service: aService()._id, vehicle: aVehicle(1)._id }));
    expect(recorded.quotes.every((quote) => quote.vehicleClass === undefined)).toBe(true);
    await waitFor(() => expect(recorded.slotQueries.at(-1)?.get('vehicle')).toBe(aVehicle(1)._id));
  });

  it('lets a signed-in customer pick one of their vehicles, or add one on the spot that becomes the choice', async () => {
    const recorded = serve([aVehicle(1, { nickname: 'Family SUV' })]);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', session: signedIn() });

    const picker = await screen.findByRole('combobox', { name: GARAGE_WORDS.vehicleChoice });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Family SUV · SUV', 'Sedan (by class)', 'SUV (by class)']),
    );
    await user.selectOptions(picker, `vehicle:${aVehicle(1)._id}`);
    // The vehicle's class prices the add-ons.
    expect(screen.getByText('+$35 · +30 min')).toBeInTheDocument();
    await waitFor(() => expect(recorded.quotes.at(-1)).toEqual({ service: aService()._id, vehicle: aVehicle(1)._id }));
    await waitFor(() => expect(recorded.slotQueries.at(-1)?.get('vehicle')).toBe(aVehicle(1)._id));
    expect(recorded.slotQueries.at(-1)?.has('vehicleClass')).toBe(false);

    await user.click(screen.getByRole('button', { name: GARAGE_WORDS.add }));
    const dialog = await screen.findByRole('dialog', { name: GARAGE_WORDS.add });
    await user.type(within(dialog).getByRole('combobox', { name: GARAGE_WORDS.makeLabel }), 'Ford');
    await user.type(within(dialog).getByRole('textbox', { name: /^Model/ }), 'Ranger');
    await user.click(within(dialog).getByRole('button', { name: GARAGE_WORDS.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(picker).toHaveValue(`vehicle:${aVehicle(9)._id}`));
    await waitFor(() => expect(recorded.quotes.at(-1)).toEqual({ service: aService()._id, vehicle: aVehicle(9)._id }));
  });
});
