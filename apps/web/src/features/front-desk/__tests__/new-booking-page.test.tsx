import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import type { Booking } from '@carcare/contracts/bookings';
import type { Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aBooking, aService, aSlot } from '@/features/bookings/__tests__/booking-fixtures';
import { ADD_ONS, CLASSES, ok, okList, PET_HAIR, SEDAN, SUV } from '@/features/garage/__tests__/garage-fixtures';
import { aUser, jsonResponse, publicConfigBody, requestOf, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { NewBookingPage } from '../pages/new-booking-page';

type Handler = (request: Request) => Response | Promise<Response>;

// 06:00 UTC on 10 May 2030: the test shop (UTC) is open, and today is the 10th.
const NOW = '2030-05-10T06:00:00.000Z';
const SERVICE = aService();
const CAR = '7e41c1e0-0000-4000-8000-000000000001';

const JANE: Customer = {
  _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a11',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '+8801712345678',
  claimed: true,
  cardOnFile: false,
  vehicles: [{ _id: CAR, make: 'Toyota', model: 'RAV4', plate: 'ABC123', vehicleClass: { _id: SUV, name: 'SUV' } }],
  createdAt: '2030-01-01T00:00:00.000Z',
};
const JANE_TWO: Customer = {
  ...JANE,
  _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a12',
  email: '',
  phone: '+8801812345678',
  claimed: false,
  cardOnFile: true,
  vehicles: [],
};

const BOOKED = aBooking(1, '2030-05-10T10:00:00.000Z', '2030-05-10T11:00:00.000Z', {
  payment: 'unpaid',
  payWith: 'counter',
  bookedByShop: true,
  amountPaid: 0,
  balanceDue: 45,
});

const fetchMock = stubFetch();
const requests: Request[] = [];

const serve = (handlers: Record<string, Handler> = {}) =>
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    requests.push(request.clone());
    const all: Record<string, Handler> = {
      'GET /api/config': () => jsonResponse(200, publicConfigBody()),
      'GET /api/services/g/names': () =>
        jsonResponse(200, ok('Services retrieved', [{ _id: SERVICE._id, name: SERVICE.name }])),
      'GET /api/vehicle-classes': () => jsonResponse(200, okList('Classes retrieved', CLASSES)),
      'GET /api/customers': () => jsonResponse(200, ok(FRONT_DESK_MESSAGES.customersRetrieved, [JANE, JANE_TWO])),
      'GET /api/add-ons': () => jsonResponse(200, okList('Add-ons retrieved', ADD_ONS)),
      'GET /api/slots/availability': (request) => {
        const date = new URL(request.url).searchParams.get('date') ?? '';
        return jsonResponse(200, ok('ok', [aSlot(1, 'available', date), aSlot(2, 'available', date)]));
      },
      'POST /api/bookings': () =>
        jsonResponse(201, ok(FRONT_DESK_MESSAGES.booked, { payment_url: '', booking: BOOKED })),
      'POST /api/bookings/quote': async (request) => {
        const { addOns = [] } = (await request.json()) as { addOns?: string[] };
        const extra = addOns.length > 0 ? 35 : 0;
        return jsonResponse(
          200,
          ok('Quote', {
            lines: [
              { kind: 'service', addOn: null, name: SERVICE.name, price: 45, minutes: 60 },
              ...(extra ? [{ kind: 'addOn', addOn: PET_HAIR, name: 'Pet hair removal', price: 35, minutes: 30 }] : []),
            ],
            total: 45 + extra,
            duration: 60 + (extra ? 30 : 0),
            vehicleClass: { _id: SUV, name: 'SUV' },
            membership: null,
            currency: 'USD',
          }),
        );
      },
      ...handlers,
    };
    const handler = all[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : jsonResponse(404, { success: false, message: 'Not found' });
  });

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

const renderPage = () =>
  renderRoutes(
    [
      { path: '/', Component: NewBookingPage },
      { path: '/dashboard/admin/manage-bookings', element: <h1>Booking Management</h1> },
    ],
    { path: '/', session: signedIn(aUser({ role: 'staff' })) },
  );

const findJane = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole('searchbox', { name: 'Find a customer' }), 'ABC123');
  return screen.findByRole('list', { name: 'Customers found' });
};

const chooseService = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('option', { name: SERVICE.name });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), SERVICE._id);
};

beforeEach(() => {
  requests.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe('New booking', { timeout: 30_000 }, () => {
  it('finds customers by what was typed, each with phone, email and plates, and books a slot for one', async () => {
    serve();
    const { router } = renderPage();
    const user = userEvent.setup({ delay: null });

    const found = await findJane(user);
    expect(sent('GET', '/api/customers').map((request) => new URL(request.url).search)).toEqual(['?q=ABC123']);
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => Array.from(item.firstElementChild?.children ?? [], (line) => line.textContent)),
    ).toEqual([
      ['Jane Doe', '+8801712345678', 'jane@example.com', 'ABC123'],
      ['Jane Doe', '+8801812345678'],
    ]);
    await user.click(within(found).getAllByRole('button', { name: 'Choose Jane Doe' })[0] as HTMLElement);

    // Jane's RAV4 is chosen for her; her class prices the add-ons and the times.
    await chooseService(user);
    const vehicle = await screen.findByRole('combobox', { name: 'Vehicle' });
    expect(vehicle).toHaveDisplayValue('Toyota RAV4 · ABC123 · SUV');
    await user.click(await screen.findByRole('checkbox', { name: /Pet hair removal/ }));
    expect(screen.getByText('+$35 · +30 min')).toBeInTheDocument();
    // The price of the whole job, asked by the car's class.
    await waitFor(async () =>
      expect(await sent('POST', '/api/bookings/quote').at(-1)?.json()).toEqual({
        service: SERVICE._id,
        vehicleClass: SUV,
        addOns: [PET_HAIR],
      }),
    );
    // The card on file is there, disabled with why: Jane has none.
    const card = screen.getByRole('radio', { name: 'Card on file' });
    expect(card).toBeDisabled();
    expect(card).toHaveAccessibleDescription('This customer has no saved card.');
    expect(screen.getByRole('radio', { name: 'At the counter' })).toBeChecked();

    await user.click(await screen.findByRole('button', { name: '10:00 - 11:00' }));
    await user.click(screen.getByRole('radio', { name: 'Send a payment link' }));
    await user.type(screen.getByRole('textbox', { name: "Customer's note" }), ' Dog hair in the boot ');
    serve({
      'POST /api/bookings': () =>
        jsonResponse(
          201,
          ok(FRONT_DESK_MESSAGES.linkSent, {
            payment_url: 'https://pay.example/s/1',
            booking: { ...BOOKED, payWith: 'link', customerNote: 'Dog hair in the boot' } satisfies Booking,
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Book' }));

    const outcome = await screen.findByRole('status', { name: 'Booking made' });
    expect(outcome).toHaveTextContent(FRONT_DESK_MESSAGES.linkSent);
    expect(within(outcome).getByText('Total $45 · Balance due $45')).toBeInTheDocument();
    expect(within(outcome).queryByRole('link', { name: 'Open the payment page' })).not.toBeInTheDocument();
    expect(await sent('POST', '/api/bookings')[0]?.json()).toEqual({
      service: SERVICE._id,
      customer: JANE._id,
      payWith: 'link',
      slot: aSlot(1, 'available')._id,
      vehicle: CAR,
      addOns: [PET_HAIR],
      note: 'Dog hair in the boot',
    });
    // The times were those where the SUV's job with pet hair fits.
    expect(
      sent('GET', '/api/slots/availability')
        .map((request) => new URL(request.url).search)
        .at(-1),
    ).toBe(`?service=${SERVICE._id}&date=2030-05-10&vehicleClass=${SUV}&addOns=${PET_HAIR}`);

    await user.click(within(outcome).getByRole('link', { name: 'See it in Booking Management' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/manage-bookings'));
    expect(router.state.location.search).toBe('?search=%2B8801712345678');
  });

  it('adds a customer with a name and a phone, and books a walk-in for a class, paid online now', async () => {
    const added: Customer = {
      ...JANE,
      _id: '7d3f0a52-2c1e-4d8e-9a43-1f0b6c2e8a19',
      firstName: 'Omar',
      lastName: 'Faruk',
      email: '',
      phone: '+8801911111111',
      claimed: false,
      vehicles: [],
    };
    serve({
      'POST /api/customers': () => jsonResponse(201, ok(FRONT_DESK_MESSAGES.customerCreated, added)),
      'POST /api/bookings': () =>
        jsonResponse(
          201,
          ok(FRONT_DESK_MESSAGES.booked, {
            payment_url: 'https://pay.example/s/2',
            booking: { ...BOOKED, payWith: 'online' } satisfies Booking,
          }),
        ),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Add a customer' }));
    const form = screen.getByRole('form', { name: 'Add a customer' });
    // The contract's checks first: nothing is sent without a name and a phone.
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(within(form).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      AUTH_MESSAGES.firstNameRequired,
    );
    expect(within(form).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      FRONT_DESK_MESSAGES.phoneRequired,
    );
    expect(sent('POST', '/api/customers')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Omar');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Faruk');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '+8801911111111');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));

    expect(await screen.findByText(FRONT_DESK_MESSAGES.customerCreated)).toBeInTheDocument();
    expect(await sent('POST', '/api/customers')[0]?.json()).toEqual({
      firstName: 'Omar',
      lastName: 'Faruk',
      phone: '+8801911111111',
    });
    expect(screen.getByText('Omar Faruk')).toBeInTheDocument();

    await chooseService(user);
    // No car of their own: the shop's default class, and another may be chosen.
    const vehicle = await screen.findByRole('combobox', { name: 'Vehicle' });
    expect(vehicle).toHaveDisplayValue('Sedan');
    await user.selectOptions(vehicle, 'SUV');
    await user.click(screen.getByRole('radio', { name: 'Now — walk-in' }));
    await user.click(screen.getByRole('radio', { name: 'Pay online now' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));

    const outcome = await screen.findByRole('status', { name: 'Booking made' });
    expect(outcome).toHaveTextContent(FRONT_DESK_MESSAGES.booked);
    expect(within(outcome).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      'https://pay.example/s/2',
    );
    expect(await sent('POST', '/api/bookings')[0]?.json()).toEqual({
      service: SERVICE._id,
      customer: added._id,
      payWith: 'online',
      walkIn: true,
      vehicleClass: SUV,
    });
  });

  it('books a walk-in paid at the counter, and takes the cash there and then', async () => {
    const paid: Booking = {
      ...BOOKED,
      payment: 'paid',
      amountPaid: 45,
      balanceDue: 0,
      payments: [
        {
          _id: 'e0e0e000-0000-4000-8000-000000000001',
          kind: 'full',
          method: 'cash',
          amount: 45,
          createdAt: NOW,
        },
      ],
    };
    serve({
      [`POST /api/bookings/${BOOKED._id}/payments`]: () =>
        jsonResponse(200, ok(FRONT_DESK_MESSAGES.paymentRecorded, paid)),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    const found = await findJane(user);
    await user.click(within(found).getAllByRole('button', { name: 'Choose Jane Doe' })[0] as HTMLElement);
    await chooseService(user);
    await user.click(screen.getByRole('radio', { name: 'Now — walk-in' }));
    expect(screen.queryByRole('list', { name: 'Available slots' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book' }));

    const outcome = await screen.findByRole('status', { name: 'Booking made' });
    expect(outcome).toHaveTextContent(FRONT_DESK_MESSAGES.booked);
    expect(await sent('POST', '/api/bookings')[0]?.json()).toEqual({
      service: SERVICE._id,
      customer: JANE._id,
      payWith: 'counter',
      walkIn: true,
      vehicle: CAR,
    });
    expect(within(outcome).getByText('Total $45 · Balance due $45')).toBeInTheDocument();

    await user.click(within(outcome).getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment from Jane Doe' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('45');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Total $45 · Balance due $0')).toBeInTheDocument();
    expect(await sent('POST', `/api/bookings/${BOOKED._id}/payments`)[0]?.json()).toEqual({
      method: 'cash',
      amount: 45,
    });
    expect(within(outcome).queryByRole('button', { name: 'Take payment' })).not.toBeInTheDocument();
  });

  it("reads the shop's terms for the job, and sends their version once the customer accepted them", async () => {
    serve({
      [`GET /api/services/${SERVICE._id}`]: () =>
        jsonResponse(200, ok('Service retrieved', { ...SERVICE, paymentMode: 'deposit' })),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    const found = await findJane(user);
    await user.click(within(found).getAllByRole('button', { name: 'Choose Jane Doe' })[0] as HTMLElement);
    await chooseService(user);
    await user.click(screen.getByRole('radio', { name: 'Now — walk-in' }));
    await user.click(screen.getByRole('radio', { name: 'Send a payment link' }));

    // The default terms on the $45 job: a 20% deposit of at least $10.
    const terms = await screen.findByRole('list', { name: "The shop's terms for this job" });
    await waitFor(() =>
      expect(
        within(terms)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'You pay a deposit of $10 now and the balance of $35 at the shop.',
        'Cancel or move your booking up to 24 hours before it starts at no cost. Later, please contact the shop.',
      ]),
    );
    await user.click(screen.getByRole('checkbox', { name: 'The customer heard and accepted these terms' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByRole('status', { name: 'Booking made' });
    expect(await sent('POST', '/api/bookings')[0]?.json()).toEqual({
      service: SERVICE._id,
      customer: JANE._id,
      payWith: 'link',
      walkIn: true,
      vehicle: CAR,
      acceptPolicy: 1,
    });
  });

  it("says what is missing before sending, and shows the API's refusal", async () => {
    serve({
      'POST /api/bookings': () => jsonResponse(409, { success: false, message: FRONT_DESK_MESSAGES.walkInNoBay }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Find or add the customer first');

    const found = await findJane(user);
    await user.click(within(found).getAllByRole('button', { name: 'Choose Jane Doe' })[1] as HTMLElement);
    // This Jane saved a card: it can be charged.
    expect(screen.getByRole('radio', { name: 'Card on file' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the service');

    await chooseService(user);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a free time, or walk-in');
    expect(sent('POST', '/api/bookings')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Now — walk-in' }));
    await user.click(screen.getByRole('radio', { name: 'Card on file' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.walkInNoBay));
    expect(await sent('POST', '/api/bookings')[0]?.json()).toEqual({
      service: SERVICE._id,
      customer: JANE_TWO._id,
      payWith: 'card',
      walkIn: true,
      vehicleClass: SEDAN,
    });
    expect(screen.queryByRole('status', { name: 'Booking made' })).not.toBeInTheDocument();
  });

  it("shows the API's refusal of a new customer", async () => {
    serve({
      'POST /api/customers': () => jsonResponse(409, { success: false, message: FRONT_DESK_MESSAGES.phoneTaken }),
    });
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Add a customer' }));
    const form = screen.getByRole('form', { name: 'Add a customer' });
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Omar');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Faruk');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '+8801911111111');
    await user.type(within(form).getByRole('textbox', { name: 'Email (optional)' }), 'Omar@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.phoneTaken);
    expect(await sent('POST', '/api/customers')[0]?.json()).toEqual({
      firstName: 'Omar',
      lastName: 'Faruk',
      phone: '+8801911111111',
      email: 'omar@example.com',
    });
  });
});
