import { CATALOGUE_PAGE_SIZE } from '@carcare/contracts/services-constants';
import { PublicPage } from '@/components/layout/public-page';
import { PageHead } from '@/components/seo/page-head';
import { ServiceListJsonLd } from '@/components/seo/structured-data';
import { Island } from '@/lib/islands/island';
import { paths } from '@/lib/paths';
import { type ServiceListParams, useGetServicesQuery } from '../api/get-services';
import { catalogueTitle, toServiceListParams } from '../catalogue-filters';
import { CatalogueSourceProvider } from '../catalogue-source';
import { Catalogue } from '../components/catalogue';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';

/** The catalogue as the app reads it: its filters from the router, its services from the store. */
const FROM_STORE = {
  useFilters: useCatalogueFilters,
  useList: (params: ServiceListParams) => useGetServicesQuery(params),
};

/** SPEC section 2, /services: search, budget, price sort and pages, all kept in the URL. */
export const ServicesPage = () => {
  const { filters } = useCatalogueFilters();
  // The same call as the catalogue's: one answer, also the list search engines read and the island's first page
  // (it starts from the page's answers, decision 049).
  const { data } = useGetServicesQuery(toServiceListParams(filters));

  return (
    <PublicPage title="Our Services" description="Find the right care for your car and book it in minutes.">
      <PageHead
        title={catalogueTitle(filters.page)}
        description="Car wash, detailing and care services with their prices and durations: find the right one and book it in minutes."
        path={filters.page > 1 ? `${paths.services}?page=${filters.page}` : paths.services}
      />
      {data ? (
        <ServiceListJsonLd services={data.data} firstPosition={(filters.page - 1) * CATALOGUE_PAGE_SIZE + 1} />
      ) : null}
      <CatalogueSourceProvider source={FROM_STORE}>
        <Island name="catalogue" component={Catalogue} props={{}} />
      </CatalogueSourceProvider>
    </PublicPage>
  );
};
