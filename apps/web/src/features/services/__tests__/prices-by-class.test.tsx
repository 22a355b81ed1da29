import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfigApi } from '@/lib/api/get-public-config';
import { aPublicConfig, jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ServiceCard } from '../components/service-card';
import { ServiceDetails } from '../components/service-details';
import { aService } from './service-fixtures';

const fetchMock = stubFetch();
const SEDAN = 'c1a55000-0000-4000-8000-000000000001';
const SUV = 'c1a55000-0000-4000-8000-000000000002';

/** A detail whose Small car pays less than the base price, and whose SUV pays more and takes longer. */
const byClass = () =>
  aService({
    name: 'Full Interior Detail',
    price: 120,
    duration: 120,
    priceFrom: 99,
    prices: [
      { vehicleClass: SEDAN, name: 'Small car', price: 99, duration: 100, own: true },
      { vehicleClass: SUV, name: 'SUV', price: 150, duration: 150, own: true },
    ],
  });

describe('prices by vehicle class', () => {
  it('shows "from $X" beside the price on a catalogue card when a class pays less', () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { success: false, message: 'Not found' }));
    renderRoutes([{ path: '/', element: <ServiceCard service={byClass()} /> }], { path: '/', session: signedOut });
    expect(screen.getByText('$120')).toBeInTheDocument();
    expect(screen.getByText('from $99')).toBeInTheDocument();
  });

  it('shows no "from" when every class pays the price', () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { success: false, message: 'Not found' }));
    renderRoutes([{ path: '/', element: <ServiceCard service={aService({ price: 45 })} /> }], {
      path: '/',
      session: signedOut,
    });
    expect(screen.getByText('$45')).toBeInTheDocument();
    expect(screen.queryByText(/^from /)).toBeNull();
  });

  it('shows on the service page "from $X" and the table of prices and durations by vehicle', async () => {
    const service = byClass();
    fetchMock.mockImplementation(async (input) =>
      new URL(requestOf(input).url).pathname === `/api/services/${service._id}`
        ? jsonResponse(200, { success: true, message: 'ok', data: service })
        : jsonResponse(404, { success: false, message: 'Not found' }),
    );
    renderRoutes([{ path: '/', element: <ServiceDetails serviceId={service._id} renderBooking={() => null} /> }], {
      path: '/',
      session: signedOut,
    });

    expect(await screen.findByText('from $99')).toBeInTheDocument();
    const table = within(screen.getByRole('region', { name: JOB_WORDS.pricesHeading })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Vehicle classPriceDuration', 'Small car$99100 minutes', 'SUV$150150 minutes']);
  });

  it('says on the service page, for a deposit service, what is paid online and that the rest is paid at the shop', async () => {
    const service = aService({ price: 120, priceFrom: 120, paymentMode: 'deposit' });
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(requestOf(input).url).pathname;
      if (path === '/api/config') {
        const policy = { ...aPublicConfig().paymentPolicy, deposit: { kind: 'fixed', amount: 30, minimum: 0 } };
        return jsonResponse(200, { success: true, message: 'ok', data: { ...aPublicConfig(), paymentPolicy: policy } });
      }
      return path === `/api/services/${service._id}`
        ? jsonResponse(200, { success: true, message: 'ok', data: service })
        : jsonResponse(404, { success: false, message: 'Not found' });
    });
    renderRoutes([{ path: '/', element: <ServiceDetails serviceId={service._id} renderBooking={() => null} /> }], {
      path: '/',
      session: signedOut,
    });

    expect(await screen.findByText('Deposit $30 online, the rest at the shop')).toBeInTheDocument();
  });

  it('says nothing of a deposit on the page of a service paid in full', async () => {
    const service = aService({ price: 120, priceFrom: 120 });
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(requestOf(input).url).pathname;
      if (path === '/api/config') return jsonResponse(200, { success: true, message: 'ok', data: aPublicConfig() });
      return path === `/api/services/${service._id}`
        ? jsonResponse(200, { success: true, message: 'ok', data: service })
        : jsonResponse(404, { success: false, message: 'Not found' });
    });
    const { store } = renderRoutes(
      [{ path: '/', element: <ServiceDetails serviceId={service._id} renderBooking={() => null} /> }],
      { path: '/', session: signedOut },
    );

    expect(await screen.findByText('$120')).toBeInTheDocument();
    // The shop's terms have arrived: a deposit line would show by now.
    await waitFor(() =>
      expect(publicConfigApi.endpoints.getPublicConfig.select()(store.getState()).isSuccess).toBe(true),
    );
    expect(screen.queryByText(/^Deposit/)).toBeNull();
  });
});
