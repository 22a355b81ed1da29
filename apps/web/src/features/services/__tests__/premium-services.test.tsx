import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { PremiumServices } from '../components/premium-services';
import { ServiceDetails } from '../components/service-details';
import { aService, listBody } from './service-fixtures';

const fetchMock = stubFetch();

describe('Premium Car Wash Services', () => {
  it('shows only services priced above 70', async () => {
    const services = [
      aService({ name: 'Ceramic', price: 349 }),
      aService({ name: 'Wax', price: 75 }),
      aService({ name: 'Exactly Seventy', price: 70 }),
    ];
    fetchMock.mockImplementation(async () => jsonResponse(200, listBody(services)));
    renderRoutes([{ path: '/', Component: PremiumServices }], { path: '/', session: signedOut });

    const list = await screen.findByRole('list', { name: 'Premium services' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Ceramic', 'Wax']);
    const listCall = fetchMock.mock.calls
      .map(([input]) => new URL(requestOf(input).url))
      .find((url) => url.pathname === '/api/services');
    expect(listCall?.searchParams.get('min')).toBe('70');
  });
});

describe('service details', () => {
  const routes = (renderBooking = vi.fn(() => <p>Booking area</p>)): RouteObject[] => [
    {
      path: '/service/:id',
      element: <ServiceDetails serviceId="00000000-0000-4000-8000-000000000999" renderBooking={renderBooking} />,
    },
  ];

  it('shows name, description, duration in minutes, price, Compare, then the booking area', async () => {
    const service = aService({ name: 'Polish', description: 'Machine polish', duration: 90, price: 89 });
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true, message: 'ok', data: service }));
    renderRoutes(routes(), { path: '/service/x', session: signedOut });

    expect(await screen.findByRole('heading', { level: 1, name: 'Polish' })).toBeInTheDocument();
    expect(screen.getByText('Machine polish')).toBeInTheDocument();
    expect(screen.getByText('90 minutes')).toBeInTheDocument();
    expect(screen.getByText('$89')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare Polish' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Booking area')).toBeInTheDocument();
  });

  it('shows the not-found view for an unknown id', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { success: false, message: 'Service not found' }));
    const renderBooking = vi.fn(() => <p>Booking area</p>);
    renderRoutes(routes(renderBooking), { path: '/service/x', session: signedOut });

    expect(await screen.findByRole('heading', { name: 'Oops, page not found!' })).toBeInTheDocument();
    expect(renderBooking).not.toHaveBeenCalled();
  });
});
