import { PAGE_DATA_ELEMENT_ID } from '@carcare/contracts/page-render';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';

const SERVICE = {
  _id: 'df9ec8e8-7556-4b60-9a8b-97439c8fa271',
  name: 'Ceramic Coating Package',
  description: 'A ceramic coating that protects the paint for years.',
  duration: 240,
  price: 349,
  bufferMinutes: 0,
  bays: [],
  hours: null,
  paymentMode: 'full',
  isDeleted: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  priceFrom: 299,
  prices: [
    { vehicleClass: 'c1a55000-0000-4000-8000-000000000001', name: 'Sedan', price: 299, duration: 240, own: true },
    { vehicleClass: 'c1a55000-0000-4000-8000-000000000002', name: 'SUV', price: 349, duration: 240, own: false },
  ],
  addOns: [],
};
const SEDAN = 'c1a55000-0000-4000-8000-000000000001';
const CLASSES = [
  { _id: SEDAN, name: 'Sedan', description: '', sortOrder: 1, isDefault: true, active: true },
  {
    _id: 'c1a55000-0000-4000-8000-000000000002',
    name: 'SUV',
    description: '',
    sortOrder: 2,
    isDefault: false,
    active: true,
  },
];
const FIRST_FREE_DAY = '2030-05-14';

const aSlot = (date: string) => ({
  _id: '5c0d3a1e-0000-4000-8000-000000000001',
  date,
  startTime: '09:00',
  endTime: '10:00',
  isBooked: 'available',
  origin: 'generated',
  service: { _id: SERVICE._id, name: SERVICE.name },
  createdAt: '2030-05-01T00:00:00.000Z',
  capacity: 1,
  remaining: 1,
});

/** The API of a Berlin shop whose service has one free time, on FIRST_FREE_DAY; every call is recorded. */
const answer = async (input: unknown, calls: string[]) => {
  const url = new URL(requestOf(input).url);
  calls.push(`${url.pathname}${url.search}`);
  const ok = (data: unknown) => jsonResponse(200, { success: true, message: 'ok', data });
  if (url.pathname === '/api/config') return ok({ ...aPublicConfig('EUR'), timeZone: 'Europe/Berlin' });
  if (url.pathname === `/api/services/${SERVICE._id}`) return ok(SERVICE);
  if (url.pathname === '/api/vehicle-classes') {
    return jsonResponse(200, { success: true, message: 'ok', data: CLASSES, totalDoc: CLASSES.length });
  }
  if (url.pathname === '/api/bookings/quote') {
    const line = { kind: 'service', addOn: null, name: SERVICE.name, price: 299, minutes: 240 };
    return ok({
      lines: [line],
      total: 299,
      duration: 240,
      vehicleClass: { _id: SEDAN, name: 'Sedan' },
      membership: null,
      currency: 'EUR',
    });
  }
  if (url.pathname === '/api/slots/calendar') {
    const days = [{ date: FIRST_FREE_DAY, state: 'open', free: 1 }];
    return ok({
      timeZone: 'Europe/Berlin',
      today: '2030-05-10',
      lastBookableDate: '2030-07-09',
      nextAvailable: FIRST_FREE_DAY,
      days,
    });
  }
  if (url.pathname === '/api/slots/availability') {
    return ok(url.searchParams.get('date') === FIRST_FREE_DAY ? [aSlot(FIRST_FREE_DAY)] : []);
  }
  return jsonResponse(404, { success: false, message: 'Not found' });
};

const fetchMock = stubFetch();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T08:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  document.body.innerHTML = '';
});

describe("hydrating a service's page", () => {
  it("draws in the browser exactly the server's markup, on the same day, then names the shop's zone", async () => {
    // The server build: the API's hooks start their calls while rendering. Its modules are its own.
    vi.stubEnv('SSR', true);
    const { renderPage } = await import('../render-page');
    const serverCalls: string[] = [];
    const page = await renderPage({
      url: `/service/${SERVICE._id}`,
      siteUrl: 'https://wash.example',
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        answer(new Request(input, init), serverCalls)) as typeof fetch,
    });
    if (!page) throw new Error('the page was not rendered');

    // The default class prices the job the server draws the times for.
    expect(serverCalls).toContain(
      `/api/slots/availability?service=${SERVICE._id}&date=${FIRST_FREE_DAY}&vehicleClass=${SEDAN}`,
    );
    // The price of the job is the browser's to ask: the server's page says it is working it out.
    expect(serverCalls).not.toContain('/api/bookings/quote');

    // The browser's build, with modules of its own: a visitor in New York opens the page of a shop in Berlin.
    vi.unstubAllEnvs();
    vi.resetModules();
    const { startApp } = await import('../start-app');
    vi.stubEnv('TZ', 'America/New_York');
    const browserCalls: string[] = [];
    fetchMock.mockImplementation((input) => answer(input, browserCalls));
    window.history.replaceState(null, '', `/service/${SERVICE._id}`);
    document.body.innerHTML = `<div id="root">${page.html}</div>`;
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = PAGE_DATA_ELEMENT_ID;
    data.textContent = page.data;
    document.body.append(data);
    const root = document.getElementById('root');
    if (!root) throw new Error('no root');

    const mismatches: unknown[] = [];
    // The server's renderer ran in this same process, which React notes once per context: not a mismatch.
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (!String(args[0]).startsWith('Detected multiple renderers')) mismatches.push(args);
    });
    // A mismatch is a recoverable error, which React reports as the window's error event.
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      mismatches.push(event.error);
    };
    window.addEventListener('error', onError);
    try {
      await act(() => startApp(root));
      expect(await screen.findByText('Times in Europe/Berlin (GMT+2)')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: '09:00 - 10:00 GMT+2' })).toBeInTheDocument());
      expect(screen.getByRole('heading', { name: 'Available slots on May 14, 2030' })).toBeInTheDocument();
      expect(mismatches).toEqual([]);
      // The browser reads what the server read (the same month, the same day): its first render had it all.
      expect(browserCalls.filter((call) => !serverCalls.includes(call))).toEqual(['/api/bookings/quote']);
    } finally {
      window.removeEventListener('error', onError);
      consoleError.mockRestore();
    }
  });
});
