import type { PublicConfig } from '@carcare/contracts/app-config';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPublicConfig, jsonResponse, requestOf } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { readCatalogueFilters, toServiceListParams } from '../catalogue-filters';
import { aService, listBody } from './service-fixtures';

const fetchMock = stubFetch();
const EURO = aPublicConfig('EUR') as PublicConfig;

/**
 * The catalogue as the islands' runtime draws it: no router, no store, the page's answer for the address's
 * filters in its data element (decision 022). Its modules are loaded afresh, as a page's are.
 */
const inIsland = async (first: ReturnType<typeof listBody>) => {
  const params = toServiceListParams(readCatalogueFilters(new URLSearchParams(window.location.search)));
  const query = { status: 'fulfilled', endpointName: 'getServices', originalArgs: params, data: first };
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'carcare-data';
  data.textContent = JSON.stringify({ state: { api: { queries: { drawn: query } } } });
  document.body.append(data);
  vi.resetModules();
  const [{ Catalogue }, { IslandRoot }, { ShopConfigSource }] = await Promise.all([
    import('../components/catalogue'),
    import('@/lib/islands/island'),
    import('@/lib/shop-config'),
  ]);
  return render(
    <IslandRoot>
      <ShopConfigSource source={() => EURO}>
        <Catalogue />
      </ShopConfigSource>
    </IslandRoot>,
  );
};

const cards = () =>
  within(screen.getByRole('list', { name: 'Services' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const asked = () =>
  fetchMock.mock.calls.map(([input]) => {
    const url = new URL(requestOf(input).url);
    return `${url.pathname}${url.search}`;
  });

const foam = aService({ name: 'Foam Wash', price: 45 });
const wax = aService({ name: 'Hand Wax', price: 80 });
const polish = aService({ name: 'Polish', price: 120 });

describe('the catalogue, an island', { timeout: 20_000 }, () => {
  beforeEach(() => window.history.replaceState(null, '', '/services'));
  afterEach(() => document.getElementById('carcare-data')?.remove());

  it('shows the page it came with, searches once typing pauses, and writes the search into the address', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, listBody([foam], 1)));
    await inIsland(listBody([foam, wax], 12));
    expect(cards()).toEqual(['Foam Wash', 'Hand Wax']);
    expect(screen.getAllByText('€45')[0]).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Now: Foam Wash' })).toHaveAttribute('href', `/service/${foam._id}`);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Search services'), 'foam');

    await waitFor(() => expect(cards()).toEqual(['Foam Wash']));
    expect(asked()).toEqual(['/api/services?searchTerm=foam&page=1&limit=10']);
    expect(window.location.search).toBe('?searchTerm=foam');
    // The search replaced the address rather than adding to the history.
    expect(window.history.length).toBe(1);
  });

  it('turns pages as history entries, and Back shows the page before without asking again', async () => {
    window.history.replaceState(null, '', '/services?sort=-price');
    const historyBefore = window.history.length;
    fetchMock.mockResolvedValue(jsonResponse(200, listBody([polish], 12)));
    await inIsland(listBody([foam, wax], 12));

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    await waitFor(() => expect(cards()).toEqual(['Polish']));
    expect(window.location.search).toBe('?sort=-price&page=2');
    expect(window.history.length).toBe(historyBefore + 1);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(asked()).toEqual(['/api/services?sort=-price&page=2&limit=10']);
    expect(document.title).toBe('Our Services, page 2 | CarCare');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });

    expect(window.location.search).toBe('?sort=-price');
    expect(cards()).toEqual(['Foam Wash', 'Hand Wax']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Our Services | CarCare');
  });

  it('says so when a page cannot be had, and Reset Filters clears the address', async () => {
    window.history.replaceState(null, '', '/services?min=50');
    fetchMock.mockResolvedValue(jsonResponse(503, { success: false, message: 'Service unavailable' }));
    await inIsland(listBody([wax], 1));
    expect(screen.getByLabelText('Minimum price')).toHaveValue(50);

    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching product');
    expect(window.location.search).toBe('');
    expect(screen.getByLabelText('Minimum price')).toHaveValue(null);
    expect(asked()).toEqual(['/api/services?page=1&limit=10']);
  });
});
