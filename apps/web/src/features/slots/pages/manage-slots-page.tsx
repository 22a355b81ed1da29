import { DEFAULT_PAGE_SIZE } from '@carcare/contracts/pagination-constants';
import { tz } from '@date-fns/tz';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageSizeSelect } from '@/components/lists/page-size-select';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetAllSlotsQuery } from '../api/get-all-slots';
import { CreateSlotDialog } from '../components/create-slot-dialog';
import { SlotFilterBar } from '../components/slot-filter-bar';
import { SlotsTable } from '../components/slots-table';
import { NO_SLOT_FILTERS, type SlotFilters, slotListQuery } from '../slot-filters';

/** Today (YYYY-MM-DD) where the shop is; the browser's day if the shop's zone cannot be had. */
const shopToday = (timeZone: string | undefined) =>
  format(Date.now(), 'yyyy-MM-dd', timeZone ? { in: tz(timeZone) } : undefined);

/** SPEC section 2, Slot Management: from today on by default, narrowed by day, service and origin. */
export const ManageSlotsPage = () => {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<SlotFilters>(NO_SLOT_FILTERS);
  const { data: config, isError: configFailed } = useGetPublicConfigQuery();
  // The shop's today needs its zone: the list waits for it rather than asking twice.
  const zoneKnown = config !== undefined || configFailed;
  const { data, isFetching, isError } = useGetAllSlotsQuery(
    zoneKnown ? slotListQuery(filters, shopToday(config?.timeZone), { page, limit }) : skipToken,
  );

  const filtered = filters.date !== undefined || filters.service !== undefined || filters.origin !== undefined;

  const changeFilters = (changes: Partial<SlotFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };

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
      <SlotFilterBar
        filters={filters}
        onChange={changeFilters}
        onClear={() => {
          setFilters(NO_SLOT_FILTERS);
          setPage(1);
        }}
      />
      {isFetching && !data ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">The slots could not be loaded, please try again.</p> : null}
      {data ? (
        <>
          <SlotsTable slots={data.data} />
          {data.totalDoc === 0 ? (
            <p className="text-center text-muted-foreground">
              {filtered ? 'No slots match these filters.' : 'No slots yet.'}
            </p>
          ) : null}
          <PageButtons page={page} totalDoc={data.totalDoc} limit={limit} onChange={setPage} />
        </>
      ) : null}
    </div>
  );
};
