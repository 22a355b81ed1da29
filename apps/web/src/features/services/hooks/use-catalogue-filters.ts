import { useSearchParams } from 'react-router';
import { type CatalogueFilters, readCatalogueFilters, writeCatalogueFilters } from '../catalogue-filters';

/** The catalogue's filters live in the URL so a filtered page can be shared and reloaded. */
export const useCatalogueFilters = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readCatalogueFilters(searchParams);

  /** Any change of search, budget or sort starts again from page 1. */
  const update = (changes: Partial<CatalogueFilters>) =>
    setSearchParams(writeCatalogueFilters({ ...filters, page: 1, ...changes }), { replace: !('page' in changes) });

  const reset = () => setSearchParams(new URLSearchParams());

  return { filters, update, reset };
};
