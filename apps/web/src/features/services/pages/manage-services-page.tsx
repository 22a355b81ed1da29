import { ADMIN_PAGE_SIZES } from '@carcare/contracts/pagination-constants';
import { SERVICE_MESSAGES, type ServiceSort } from '@carcare/contracts/services-constants';
import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetServicesQuery } from '../api/get-services';
import { ManageServicesToolbar } from '../components/manage/manage-services-toolbar';
import { ServicesTable } from '../components/manage/services-table';

/** SPEC section 2, admin index: Service Management. */
export const ManageServicesPage = () => {
  const [searchTerm, setSearchTerm] = useState('');
  const [limit, setLimit] = useState<number>(ADMIN_PAGE_SIZES[0]);
  const [sort, setSort] = useState<ServiceSort>('-createdAt');
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetServicesQuery({
    searchTerm: searchTerm || undefined,
    sort,
    page,
    limit,
  });

  return (
    <div className="space-y-6">
      <PageHeading title="Service Management" description="Manage your services" />
      <ManageServicesToolbar
        limit={limit}
        sort={sort}
        onSearch={(term) => {
          setSearchTerm(term);
          setPage(1);
        }}
        onLimitChange={(next) => {
          setLimit(next);
          setPage(1);
        }}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
      <div className="relative min-h-40 rounded-xl border bg-card" aria-busy={isFetching}>
        {isError ? (
          <p role="alert" className="p-6 text-center text-destructive">
            {SERVICE_MESSAGES.fetchFailed}
          </p>
        ) : (
          <ServicesTable services={data?.data ?? []} />
        )}
        {isFetching ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 rounded-xl bg-background/70 text-muted-foreground backdrop-blur-[1px]"
          >
            <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
            {UI_MESSAGES.loadingScreen}
          </div>
        ) : null}
      </div>
      <PageButtons label="Service pages" totalDoc={data?.totalDoc ?? 0} limit={limit} page={page} onChange={setPage} />
    </div>
  );
};
