import { RotateCcwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useInIsland } from '@/lib/islands/island';
import { useShopConfig } from '@/lib/shop-config';
import { catalogueTitle, toServiceListParams } from '../catalogue-filters';
import { useCatalogueSource } from '../catalogue-source';
import { BudgetFilter } from './budget-filter';
import { CatalogueResults } from './catalogue-results';
import { CatalogueSearch } from './catalogue-search';
import { CatalogueSortSelect } from './catalogue-sort-select';

/**
 * SPEC section 2, /services: search, budget, price sort and pages, all kept in the address, and the services
 * they find. An island of its own (decision 049); in the app it reads the router and the store instead.
 */
export const Catalogue = () => {
  const { useFilters, useList } = useCatalogueSource();
  const { filters, update, reset } = useFilters();
  const list = useList(toServiceListParams(filters));
  const inIsland = useInIsland();
  const business = useShopConfig()?.businessName ?? 'CarCare';
  // The app's page head names the page shown; an island, with no head of its own, names it in the tab.
  useEffect(() => {
    if (inIsland) document.title = `${catalogueTitle(filters.page)} | ${business}`;
  }, [inIsland, filters.page, business]);

  return (
    <div className="space-y-8">
      <section
        aria-label="Filters"
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 lg:flex-row lg:items-end"
      >
        <CatalogueSearch term={filters.searchTerm} onSearch={(searchTerm) => update({ searchTerm })} />
        <BudgetFilter min={filters.min} max={filters.max} onApply={(budget) => update(budget)} />
        <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
          <CatalogueSortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
          <Button type="button" variant="ghost" onClick={reset}>
            <RotateCcwIcon aria-hidden="true" />
            Reset Filters
          </Button>
        </div>
      </section>
      <h2 className="sr-only">Catalogue results</h2>
      <CatalogueResults list={list} page={filters.page} onPageChange={(page) => update({ page })} />
    </div>
  );
};
