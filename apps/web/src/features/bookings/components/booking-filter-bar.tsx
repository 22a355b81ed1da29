import { PAYMENT_WORDS, STATUS_WORDS } from '@carcare/contracts/booking-words';
import type { BookingFilters } from '@carcare/contracts/bookings';
import { BOOKING_STATUSES, PAYMENT_STATES } from '@carcare/contracts/bookings-constants';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { RotateCcwIcon } from 'lucide-react';
import { FilterSelect } from '@/components/forms/filter-select';
import { Button } from '@/components/ui/button';
import { useGetBaysQuery } from '@/lib/api/get-bays';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { BookingDateRange } from './booking-date-range';
import { BookingSearchBox } from './booking-search-box';
import { DownloadBookingsCsvButton } from './download-bookings-csv-button';

const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({
  value: status,
  label: STATUS_WORDS[status],
}));
const PAYMENT_OPTIONS = PAYMENT_STATES.map((payment) => ({ value: payment, label: PAYMENT_WORDS[payment] }));

type BookingFilterBarProps = {
  /** The filters as the URL gives them. */
  shown: BookingFilters;
  /** The filters the list applies, which the CSV export applies too. */
  applied: BookingFilters;
  rangeError: string | undefined;
  onChange: (changes: Partial<BookingFilters>) => void;
  onClear: () => void;
};

/** Booking Management's filters, with Clear filters and the CSV export of every booking they match. */
export const BookingFilterBar = ({ shown, applied, rangeError, onChange, onClear }: BookingFilterBarProps) => {
  const services = useGetServiceNamesQuery().data ?? [];
  const bays = useGetBaysQuery().data ?? [];

  return (
    <section aria-label="Filters" className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4">
      <BookingSearchBox term={shown.search} onSearch={(search) => onChange({ search })} />
      <FilterSelect
        label="Status"
        anyLabel="All statuses"
        value={shown.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Payment"
        anyLabel="All payments"
        value={shown.payment}
        options={PAYMENT_OPTIONS}
        onChange={(payment) => onChange({ payment })}
      />
      <FilterSelect
        label="Service"
        anyLabel="All services"
        value={shown.service}
        options={services.map((service) => ({ value: service._id, label: service.name }))}
        onChange={(service) => onChange({ service })}
      />
      <FilterSelect
        label="Bay"
        anyLabel="All bays"
        value={shown.bay}
        options={bays.map((bay) => ({ value: bay._id, label: bay.name }))}
        onChange={(bay) => onChange({ bay })}
      />
      <BookingDateRange from={shown.from} to={shown.to} error={rangeError} onChange={onChange} />
      <div className="flex flex-wrap gap-2 self-end pb-6 lg:ml-auto">
        <Button type="button" variant="ghost" onClick={onClear}>
          <RotateCcwIcon aria-hidden="true" />
          {REPORT_MESSAGES.clearFilters}
        </Button>
        <DownloadBookingsCsvButton filters={applied} />
      </div>
    </section>
  );
};
