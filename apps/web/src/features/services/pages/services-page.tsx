import { CATALOGUE_PAGE_SIZE } from '@carcare/contracts/services-constants';
import { RotateCcwIcon } from 'lucide-react';
import { PublicPage } from '@/components/layout/public-page';
import { PageHead } from '@/components/seo/page-head';
import { ServiceListJsonLd } from '@/components/seo/structured-data';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useGetServicesQuery } from '../api/get-services';
import { toServiceListParams } from '../catalogue-filters';
import { BudgetFilter } from '../components/budget-filter';
import { CatalogueResults } from '../components/catalogue-results';
import { CatalogueSearch } from '../components/catalogue-search';
import { CatalogueSortSelect } from '../components/catalogue-sort-select';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';

/** SPEC section 2, /services: search, budget, price sort and pages, all kept in the URL. */
export const ServicesPage = () => {
  const { filters, update, reset } = useCatalogueFilters();
  const params = toServiceListParams(filters);
  // The same call as the results below: one answer, also the list search engines read.
  const { data } = useGetServicesQuery(params);

  return (
    <PublicPage title="Our Services" description="Find the right care for your car and book it in minutes.">
      <PageHead
        title={filters.page > 1 ? `Our Services, page ${filters.page}` : 'Our Services'}
        description="Car wash, detailing and care services with their prices and durations: find the right one and book it in minutes."
        path={filters.page > 1 ? `${paths.services}?page=${filters.page}` : paths.services}
      />
      {data ? (
        <ServiceListJsonLd services={data.data} firstPosition={(filters.page - 1) * CATALOGUE_PAGE_SIZE + 1} />
      ) : null}
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
      <CatalogueResults params={params} page={filters.page} onPageChange={(page) => update({ page })} />
    </PublicPage>
  );
};
