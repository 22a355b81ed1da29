import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, publicConfigBody, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ServicesPage } from '../pages/services-page';
import { aService, listBody } from './service-fixtures';

const routes: RouteObject[] = [{ path: '/services', Component: ServicesPage }];

const fetchMock = stubFetch();
const urls = () => fetchMock.mock.calls.map(([input]) => new URL(requestOf(input).url));
/** The query strings of the service lists asked for, leaving out the public config call. */
const queries = () => urls().flatMap((url) => (url.pathname === '/api/services' ? [url.search] : []));

/** Answers GET /api/config with `currency` and every services call with `list`. */
const serve = (list: () => Response, currency = 'USD') =>
  fetchMock.mockImplementation(async (input) =>
    new URL(requestOf(input).url).pathname === '/api/config' ? jsonResponse(200, publicConfigBody(currency)) : list(),
  );

afterEach(() => {
  vi.useRealTimers();
});

const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('services catalogue', { timeout: 20_000 }, () => {
  it('asks the API for the filters in the URL and shows the cards with Book Now links', async () => {
    const foam = aService({ name: 'Foam Wash', description: 'Snow foam and rinse', price: 45, duration: 40 });
    serve(() => jsonResponse(200, listBody([foam], 23)));

    renderRoutes(routes, { path: '/services?searchTerm=foam&min=20&max=100&sort=-price&page=2', session: signedOut });

    expect(await screen.findByRole('heading', { name: 'Foam Wash' })).toBeInTheDocument();
    expect(queries()).toEqual(['?searchTerm=foam&min=20&max=100&sort=-price&page=2&limit=10']);
    expect(screen.getByText('$45')).toBeInTheDocument();
    expect(screen.getByText('40 mins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Book Now/ })).toHaveAttribute('href', `/service/${foam._id}`);
    expect(screen.getByLabelText('Search services')).toHaveValue('foam');
    expect(screen.getByLabelText('Minimum price')).toHaveValue(20);
    expect(screen.getByLabelText('Maximum price')).toHaveValue(100);
    // ceil(23 / 10) = 3 page buttons, the second one current.
    const pages = screen.getByRole('navigation', { name: 'Services pages' });
    expect(pages.querySelectorAll('button')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores URL values the API would refuse', async () => {
    serve(() => jsonResponse(200, listBody([])));
    renderRoutes(routes, { path: '/services?min=-5&max=abc&sort=name&page=0', session: signedOut });
    await waitFor(() => expect(queries()).toEqual(['?page=1&limit=10']));
  });

  it('writes the applied budget into the URL and goes back to page 1', async () => {
    serve(() => jsonResponse(200, listBody([aService()], 30)));
    const { router } = renderRoutes(routes, { path: '/services?page=3', session: signedOut });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Page 3' });

    await user.type(screen.getByLabelText('Minimum price'), '30');
    await user.type(screen.getByLabelText('Maximum price'), '90');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(search(router)).toBe('?min=30&max=90');
    await waitFor(() => expect(queries()).toContain('?min=30&max=90&page=1&limit=10'));
  });

  it('searches once typing pauses for 300 ms, and Reset Filters clears everything', async () => {
    serve(() => jsonResponse(200, listBody([aService()])));
    const { router } = renderRoutes(routes, { path: '/services?sort=price', session: signedOut });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: /Service/ });

    await user.type(screen.getByLabelText('Search services'), 'wax');
    expect(search(router)).toBe('?sort=price');
    await waitFor(() => expect(search(router)).toBe('?searchTerm=wax&sort=price'));
    // One search for the settled term, none for "w" or "wa".
    await waitFor(() =>
      expect(queries().filter((query) => query.includes('searchTerm'))).toEqual([
        '?searchTerm=wax&sort=price&page=1&limit=10',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(search(router)).toBe('');
    expect(screen.getByLabelText('Search services')).toHaveValue('');
  });

  it('shows the search, budget and sort of the URL when Back and Forward change it', async () => {
    // Fake but flowing time, so that the search box's 300 ms pause can be stepped over below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(() => jsonResponse(200, listBody([aService()])));
    const { router } = renderRoutes(routes, { path: '/services', session: signedOut });
    await screen.findByRole('heading', { name: /Service/ });
    const searchBox = screen.getByLabelText('Search services');
    const minimum = screen.getByLabelText('Minimum price');
    const maximum = screen.getByLabelText('Maximum price');
    const sort = screen.getByRole('combobox', { name: 'Sort by price' });

    await act(() => router.navigate('/services?searchTerm=wax&min=10&max=50&sort=-price'));
    expect(searchBox).toHaveValue('wax');
    expect(minimum).toHaveValue(10);
    expect(maximum).toHaveValue(50);
    expect(sort).toHaveTextContent('Price: High to Low');

    await act(() => router.navigate('/services?searchTerm=foam&min=20&sort=price'));
    await act(() => router.navigate(-1));
    expect(searchBox).toHaveValue('wax');
    expect(minimum).toHaveValue(10);
    expect(maximum).toHaveValue(50);
    expect(sort).toHaveTextContent('Price: High to Low');

    await act(() => router.navigate(-1));
    expect(searchBox).toHaveValue('');
    expect(minimum).toHaveValue(null);
    expect(maximum).toHaveValue(null);
    expect(sort).toHaveTextContent('Sort by price');

    await act(() => router.navigate(2));
    expect(searchBox).toHaveValue('foam');
    expect(minimum).toHaveValue(20);
    expect(maximum).toHaveValue(null);
    expect(sort).toHaveTextContent('Price: Low to High');
    // Following the URL is not a new search: the address stays as history left it.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(search(router)).toBe('?searchTerm=foam&min=20&sort=price');
  });

  it('keeps what is being typed when the settled term reaches the URL', async () => {
    serve(() => jsonResponse(200, listBody([aService()])));
    const { router } = renderRoutes(routes, { path: '/services', session: signedOut });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: /Service/ });

    await user.type(screen.getByLabelText('Search services'), 'wax ');
    await waitFor(() => expect(search(router)).toBe('?searchTerm=wax'));
    expect(screen.getByLabelText('Search services')).toHaveValue('wax ');
  });

  it('Reset Filters clears the URL and the inputs and asks for the list without any budget', async () => {
    serve(() => jsonResponse(200, listBody([aService()])));
    const { router } = renderRoutes(routes, {
      path: '/services?searchTerm=wax&min=20&max=90&sort=-price&page=2',
      session: signedOut,
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: /Service/ });

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));

    expect(search(router)).toBe('');
    expect(screen.getByLabelText('Search services')).toHaveValue('');
    expect(screen.getByLabelText('Minimum price')).toHaveValue(null);
    expect(screen.getByLabelText('Maximum price')).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Sort by price' })).toHaveTextContent('Sort by price');
    await waitFor(() => expect(queries().at(-1)).toBe('?page=1&limit=10'));
    expect(queries()).toEqual(['?searchTerm=wax&min=20&max=90&sort=-price&page=2&limit=10', '?page=1&limit=10']);
  });

  it("shows prices in the currency the business's configuration names", async () => {
    serve(() => jsonResponse(200, listBody([aService({ name: 'Foam Wash', price: 45 })])), 'EUR');
    renderRoutes(routes, { path: '/services', session: signedOut });

    expect(await screen.findByText('€45')).toBeInTheDocument();
    expect(screen.queryByText('$45')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Minimum price')).toHaveAttribute('placeholder', 'Min €');
  });

  it("shows 'Something went wrong while fetching product' when the list cannot be fetched", async () => {
    serve(() => jsonResponse(500, { success: false, message: 'boom' }));
    renderRoutes(routes, { path: '/services', session: signedOut });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching product');
  });
});
