/**
 * The catalogue page's query string (`/services?searchTerm=…&min=…&max=…&sort=…&page=…`) as the page reads it.
 * The web app reads its filters with it and the API keys the rendered page with it, so two addresses that the
 * page reads alike are one page for both.
 */

/** The catalogue sorts by price only (SPEC section 2); without a choice the API's newest-first applies. */
export const CATALOGUE_SORT_VALUES = ['price', '-price'] as const;

export type CatalogueSort = (typeof CATALOGUE_SORT_VALUES)[number];

export type CatalogueFilters = {
  searchTerm: string;
  min: number | undefined;
  max: number | undefined;
  sort: CatalogueSort | undefined;
  page: number;
};

export const isCatalogueSort = (value: string | null): value is CatalogueSort =>
  CATALOGUE_SORT_VALUES.some((sort) => sort === value);

/** A budget bound from the URL or an input: a number of at least 0, anything else means "none". */
export const parseAmount = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
};

const parsePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** Reads the catalogue's filters from the URL's query string, ignoring values the API would refuse. */
export const readCatalogueFilters = (params: URLSearchParams): CatalogueFilters => {
  const sort = params.get('sort');
  return {
    searchTerm: params.get('searchTerm') ?? '',
    min: parseAmount(params.get('min')),
    max: parseAmount(params.get('max')),
    sort: isCatalogueSort(sort) ? sort : undefined,
    page: parsePage(params.get('page')),
  };
};

/** The query string for the filters; defaults are left out so that a plain /services stays plain. */
export const writeCatalogueFilters = (filters: CatalogueFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.searchTerm) params.set('searchTerm', filters.searchTerm);
  if (filters.min !== undefined) params.set('min', String(filters.min));
  if (filters.max !== undefined) params.set('max', String(filters.max));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};
