import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { PageHeading } from '@/components/feedback/page-heading';
import { useGetBaysQuery } from '@/lib/api/get-bays';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { AddBayDialog } from '../components/add-bay-dialog';
import { BaysTable } from '../components/bays-table';

/** The shop's bays: a booking takes the first free one, in this order, that serves its service. */
export const ManageBaysPage = () => {
  const { data: bays, isLoading, isFetching, isError } = useGetBaysQuery();
  const { data: services = [] } = useGetServiceNamesQuery();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="Bays" description="Bookings take the first free bay in this order" />
        <AddBayDialog services={services} />
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {BAY_MESSAGES.listFailed}
        </p>
      ) : null}
      {bays ? (
        <div className="rounded-xl border bg-card" aria-busy={isFetching}>
          <BaysTable bays={bays} services={services} />
        </div>
      ) : null}
    </div>
  );
};
