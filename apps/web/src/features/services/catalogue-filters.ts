import type { CatalogueFilters, CatalogueSort } from '@carcare/contracts/catalogue-query';
import { CATALOGUE_PAGE_SIZE } from '@carcare/contracts/services-constants';
import type { ServiceListParams } from './api/get-services';

// The query string is read as the server keys its rendered page (packages/contracts/src/catalogue-query.ts).
export {
  type CatalogueFilters,
  type CatalogueSort,
  isCatalogueSort,
  parseAmount,
  readCatalogueFilters,
  writeCatalogueFilters,
} from '@carcare/contracts/catalogue-query';

export const CATALOGUE_SORTS = [
  { value: 'price', label: 'Price: Low to High' },
  { value: '-price', label: 'Price: High to Low' },
] as const satisfies readonly { value: CatalogueSort; label: string }[];

/** The catalogue's own title: its page after the first. */
export const catalogueTitle = (page: number) => (page > 1 ? `Our Services, page ${page}` : 'Our Services');

export const toServiceListParams = ({ searchTerm, min, max, sort, page }: CatalogueFilters): ServiceListParams => ({
  searchTerm: searchTerm || undefined,
  min,
  max,
  sort,
  page,
  limit: CATALOGUE_PAGE_SIZE,
});
