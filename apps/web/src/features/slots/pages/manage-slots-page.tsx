import { DEFAULT_PAGE_SIZE } from '@carcare/contracts/pagination-constants';
import { useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageSizeSelect } from '@/components/lists/page-size-select';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetAllSlotsQuery } from '../api/get-all-slots';
import { CreateSlotDialog } from '../components/create-slot-dialog';
import { SlotsTable } from '../components/slots-table';

export const ManageSlotsPage = () => {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const { data, isFetching, isError } = useGetAllSlotsQuery({ page, limit });

  return (
    <div className="space-y-6">
      <PageHeading title="Slot Management" description="Manage slots to get booking" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageSizeSelect
          value={limit}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
        <CreateSlotDialog />
      </div>
      {isFetching && !data ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">The slots could not be loaded, please try again.</p> : null}
      {data ? (
        <>
          <SlotsTable slots={data.data} />
          {data.totalDoc === 0 ? <p className="text-center text-muted-foreground">No slots yet.</p> : null}
          <PageButtons page={page} totalDoc={data.totalDoc} limit={limit} onChange={setPage} />
        </>
      ) : null}
    </div>
  );
};
