import { DEFAULT_PAGE_SIZE } from '@carcare/contracts/pagination-constants';
import { useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageSizeSelect } from '@/components/lists/page-size-select';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetBookingsQuery } from '../api/get-bookings';
import { BookingsTable } from '../components/bookings-table';

export const ManageBookingsPage = () => {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const { data, isFetching, isError } = useGetBookingsQuery({ page, limit });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="Booking Management" description="Every booking, newest first" />
        <PageSizeSelect
          value={limit}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
      </div>
      {isFetching && !data ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">The bookings could not be loaded, please try again.</p> : null}
      {data ? (
        <>
          <BookingsTable bookings={data.data} />
          {data.totalDoc === 0 ? <p className="text-center text-muted-foreground">No bookings yet.</p> : null}
          <PageButtons page={page} totalDoc={data.totalDoc} limit={limit} onChange={setPage} />
        </>
      ) : null}
    </div>
  );
};
