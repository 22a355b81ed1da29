import { RotateCcwIcon } from 'lucide-react';
import { PublicPage } from '@/components/layout/public-page';
import { Button } from '@/components/ui/button';
import { toServiceListParams } from '../catalogue-filters';
import { BudgetFilter } from '../components/budget-filter';
import { CatalogueResults } from '../components/catalogue-results';
import { CatalogueSearch } from '../components/catalogue-search';
import { CatalogueSortSelect } from '../components/catalogue-sort-select';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';

/** SPEC section 2, /services: search, budget, price sort and pages, all kept in the URL. */
export const ServicesPage = () => {
  const { filters, update, reset } = useCatalogueFilters();

  return (
    <PublicPage title="Our Services" description="Find the right care for your car and book it in minutes.">
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
      <CatalogueResults
        params={toServiceListParams(filters)}
        page={filters.page}
        onPageChange={(page) => update({ page })}
      />
    </PublicPage>
  );
};
