import type { ServiceListItem } from '@carcare/contracts/services';
import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import { askApiBody, useIslandQuery } from '@/lib/islands/island-query';
import { type CatalogueFilters, readCatalogueFilters, writeCatalogueFilters } from './catalogue-filters';
import { type ServiceListParams, serviceListQuery } from './service-list-query';

/** A page of the catalogue as the API answers it. */
export type CatalogueAnswer = { data: ServiceListItem[]; totalDoc: number };

/** The filters in force and the ways to change them: any change but the page's starts again from page 1. */
export type CatalogueFiltersState = {
  filters: CatalogueFilters;
  update: (changes: Partial<CatalogueFilters>) => void;
  reset: () => void;
};

/** The catalogue's answer for `params`, as a query hook says it: the last answer is kept while the next comes. */
export type CatalogueList = { data?: CatalogueAnswer; isLoading: boolean; isFetching: boolean; isError: boolean };

/**
 * Where the catalogue reads its filters and its services: two hooks, the same for the life of the tree. The
 * app's come from the router and the store; an island's (decision 049), the defaults here, from the address
 * and the API.
 */
type CatalogueSource = {
  useFilters: () => CatalogueFiltersState;
  useList: (params: ServiceListParams) => CatalogueList;
};

const addressListeners = new Set<() => void>();
const onAddressChange = (listener: () => void) => {
  addressListeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    addressListeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};
const addressQuery = () => (typeof window === 'undefined' ? '' : window.location.search);

/** Writes the filters into the address, as a new entry of the history or in place of the current one. */
const goTo = (filters: CatalogueFilters, replace: boolean) => {
  const query = writeCatalogueFilters(filters).toString();
  const address = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (replace) window.history.replaceState(null, '', address);
  else window.history.pushState(null, '', address);
  for (const listener of addressListeners) listener();
};

/** The filters in the address, kept there so that a filtered page can be shared, reloaded and gone back to. */
const useAddressFilters = (): CatalogueFiltersState => {
  const query = useSyncExternalStore(onAddressChange, addressQuery, addressQuery);
  const filters = readCatalogueFilters(new URLSearchParams(query));
  return {
    filters,
    update: (changes) => goTo({ ...filters, page: 1, ...changes }, !('page' in changes)),
    reset: () => goTo(readCatalogueFilters(new URLSearchParams()), false),
  };
};

const listOf = (params: ServiceListParams) => {
  const query = serviceListQuery(params);
  return askApiBody<CatalogueAnswer>(`/services${query ? `?${query}` : ''}`);
};

/**
 * Asks the API for the catalogue's pages through the islands' cache (`useIslandQuery`, under the store's call
 * name): the page it was drawn with and every page it has seen are not asked again.
 */
const useFetchedList = (params: ServiceListParams): CatalogueList => {
  const { data, isFetching, isError } = useIslandQuery('getServices', params, listOf);
  return { data, isLoading: data === undefined && isFetching, isFetching, isError };
};

const CatalogueSourceContext = createContext<CatalogueSource>({
  useFilters: useAddressFilters,
  useList: useFetchedList,
});

/** Has the catalogue in what it holds read its filters and services from `source` (the app's router and store). */
export const CatalogueSourceProvider = ({ source, children }: { source: CatalogueSource; children: ReactNode }) => (
  <CatalogueSourceContext value={source}>{children}</CatalogueSourceContext>
);

export const useCatalogueSource = () => use(CatalogueSourceContext);
