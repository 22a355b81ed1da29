import type { PublicConfig } from '@carcare/contracts/app-config';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import type { ServiceDetail } from '@carcare/contracts/services';
import { GARAGE_WORDS } from '@carcare/contracts/vehicles-constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLASSES, ok, okList, SEDAN, SUV } from '@/features/garage/__tests__/garage-fixtures';
import { aPublicConfig, jsonResponse, requestOf } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { aService, aSlot } from './booking-fixtures';

const fetchMock = stubFetch();
const CONFIG = { ...aPublicConfig('usd'), timeZone: 'UTC' } as PublicConfig;
const SERVICE: ServiceDetail = aService();
const TODAY = '2030-05-10';
const CALENDAR = { timeZone: 'UTC', today: TODAY, lastBookableDate: '2030-07-09', days: [], nextAvailable: TODAY };

/** A query of the server's store as the page's data element carries it (decision 022). */
const drawn = (endpointName: string, originalArgs: unknown, data: unknown) => ({
  status: 'fulfilled',
  endpointName,
  originalArgs,
  data,
});

/** The page as the server drew it for a visitor: the classes, this month's calendar and today's times. */
const drawThePage = () => {
  const queries = {
    a: drawn('getOfferedVehicleClasses', undefined, CLASSES),
    // Its keys in another order than the island's: one call all the same.
    b: drawn(
      'getServiceCalendar',
      { vehicleClass: SEDAN, to: '2030-05-31', from: '2030-05-01', service: SERVICE._id },
      CALENDAR,
    ),
    c: drawn('getSlotAvailability', { service: SERVICE._id, date: TODAY, vehicleClass: SEDAN }, [
      aSlot(0, 'available'),
      aSlot(1, 'available'),
    ]),
  };
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'carcare-data';
  data.textContent = JSON.stringify({ state: { api: { queries } } });
  document.body.append(data);
};

/** A quote of the job: the service's line, priced by the class. */
const quoteFor = (vehicleClass: string) => ({
  lines: [{ kind: 'service', addOn: null, name: SERVICE.name, price: vehicleClass === SUV ? 60 : 45, minutes: 60 }],
  total: vehicleClass === SUV ? 60 : 45,
  duration: 60,
  vehicleClass: { _id: vehicleClass, name: vehicleClass === SUV ? 'SUV' : 'Sedan' },
  membership: null,
  currency: 'USD',
});

/** The API: every call is recorded as method and path with its query; a refused quote for `refuse` classes. */
const serve = ({ refuse = '' } = {}) => {
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = requestOf(input);
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/bookings/quote') {
      const { vehicleClass = SEDAN } = (await request.json()) as { vehicleClass?: string };
      if (vehicleClass === refuse)
        return jsonResponse(409, { success: false, message: 'That class is no longer offered' });
      return jsonResponse(200, ok('Quote ready', quoteFor(vehicleClass)));
    }
    if (url.pathname === '/api/slots/calendar') return jsonResponse(200, ok('ok', CALENDAR));
    if (url.pathname === '/api/slots/availability') return jsonResponse(200, ok('ok', [aSlot(2, 'available')]));
    if (url.pathname === '/api/vehicle-classes') return jsonResponse(200, okList('Vehicle classes retrieved', CLASSES));
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  return asked;
};

/**
 * The booking as the islands' runtime draws it (decision 049): no router, no store, no session. Its modules are
 * loaded afresh, as a page's are: the islands' cache starts from the page each time.
 */
const inIsland = async () => {
  vi.resetModules();
  const [{ SlotBooking }, { IslandRoot }, { ShopConfigSource }] = await Promise.all([
    import('../components/slot-booking'),
    import('@/lib/islands/island'),
    import('@/lib/shop-config'),
  ]);
  return render(
    <IslandRoot>
      <ShopConfigSource source={() => CONFIG}>
        <SlotBooking service={SERVICE} />
      </ShopConfigSource>
    </IslandRoot>,
  );
};

const quote = () => screen.getByRole('region', { name: JOB_WORDS.quoteHeading });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-05-10T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  document.getElementById('carcare-data')?.remove();
  window.sessionStorage.clear();
  Cookies.remove('redirect');
});

describe('the service page’s booking, an island', { timeout: 20_000 }, () => {
  it('starts from the answers the page was drawn with, and asks for nothing but the price', async () => {
    drawThePage();
    const asked = serve();
    await inIsland();

    expect(screen.getByRole('heading', { name: 'Available slots on May 10, 2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '09:00 - 10:00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '10:00 - 11:00' })).toBeEnabled();
    expect(screen.getByLabelText(GARAGE_WORDS.classLabel)).toHaveValue(`class:${SEDAN}`);
    await waitFor(() => expect(within(quote()).getAllByText('$45')).toHaveLength(2));
    expect(asked).toEqual(['POST /api/bookings/quote']);
  });

  it('asks for a class’s price, calendar and times, and Book This Service keeps the choice for the sign-in', async () => {
    drawThePage();
    const asked = serve();
    await inIsland();
    const user = userEvent.setup({ delay: null });

    await user.selectOptions(screen.getByLabelText(GARAGE_WORDS.classLabel), `class:${SUV}`);
    await waitFor(() => expect(within(quote()).getAllByText('$60')).toHaveLength(2), { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: '11:00 - 12:00' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: '11:00 - 12:00' })).toHaveAttribute('aria-pressed', 'true');
    // Each asked once, in whichever order the answers allow.
    expect([...asked].sort()).toEqual(
      [
        'POST /api/bookings/quote',
        'POST /api/bookings/quote',
        `GET /api/slots/calendar?service=${SERVICE._id}&from=2030-05-01&to=2030-05-31&vehicleClass=${SUV}`,
        `GET /api/slots/availability?service=${SERVICE._id}&date=${TODAY}&vehicleClass=${SUV}`,
      ].sort(),
    );

    await user.click(screen.getByRole('button', { name: 'Book This Service' }));
    expect(Cookies.get('redirect')).toBe('/proceed-booking');
    expect(JSON.parse(window.sessionStorage.getItem('booking') ?? 'null')).toMatchObject({
      service: SERVICE._id,
      slot: aSlot(2, 'available')._id,
      vehicle: '',
      vehicleClass: SUV,
      addOns: '',
    });
  });

  it('asks for everything on a page drawn without answers, and says the server’s words when it refuses the price', async () => {
    const asked = serve({ refuse: SEDAN });
    await inIsland();

    expect(await within(quote()).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'That class is no longer offered',
    );
    expect(await screen.findByRole('button', { name: '11:00 - 12:00' }, { timeout: 5000 })).toBeEnabled();
    expect(new Set(asked)).toEqual(
      new Set([
        'GET /api/vehicle-classes',
        'POST /api/bookings/quote',
        `GET /api/slots/calendar?service=${SERVICE._id}&from=2030-05-01&to=2030-05-31&vehicleClass=${SEDAN}`,
        `GET /api/slots/availability?service=${SERVICE._id}&date=${TODAY}&vehicleClass=${SEDAN}`,
      ]),
    );
  });
});
