import { CATALOGUE_PAGE_SIZE, SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PageButtons } from '@/components/lists/page-buttons';
import type { CatalogueList } from '../catalogue-source';
import { ServiceGrid } from './service-grid';

type CatalogueResultsProps = { list: CatalogueList; page: number; onPageChange: (page: number) => void };

export const CatalogueResults = ({ list, page, onPageChange }: CatalogueResultsProps) => {
  const { data, isLoading, isFetching, isError } = list;

  if (isLoading) return <LoadingScreen />;
  if (isError || !data) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-destructive/40 bg-destructive/10 p-6 text-center text-destructive"
      >
        {SERVICE_MESSAGES.fetchFailed}
      </p>
    );
  }

  return (
    <div className="space-y-8" aria-busy={isFetching}>
      {data.data.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No services match these filters.</p>
      ) : (
        <ServiceGrid services={data.data} label="Services" />
      )}
      <PageButtons
        label="Services pages"
        totalDoc={data.totalDoc}
        limit={CATALOGUE_PAGE_SIZE}
        page={page}
        onChange={onPageChange}
      />
    </div>
  );
};
