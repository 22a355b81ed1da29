import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { SLOT_ORIGINS } from '@carcare/contracts/slots-constants';
import { RotateCcwIcon } from 'lucide-react';
import { useId } from 'react';
import { FilterSelect } from '@/components/forms/filter-select';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { SLOT_ORIGIN_WORDS, type SlotFilters } from '../slot-filters';

const ORIGIN_OPTIONS = SLOT_ORIGINS.map((origin) => ({ value: origin, label: SLOT_ORIGIN_WORDS[origin] }));

type SlotFilterBarProps = {
  filters: SlotFilters;
  onChange: (changes: Partial<SlotFilters>) => void;
  onClear: () => void;
};

/** Slot Management's filters: a day (none: from today on, or every day with past slots), a service, an origin. */
export const SlotFilterBar = ({ filters, onChange, onClear }: SlotFilterBarProps) => {
  const dateId = useId();
  const hintId = useId();
  const pastId = useId();
  const services = useGetServiceNamesQuery().data ?? [];
  const hint = filters.date ? 'That day only' : filters.includePast ? 'Every day, newest first' : 'From today';

  return (
    <section aria-label="Filters" className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4">
      <div className="grid gap-1.5">
        <Label htmlFor={dateId}>Date</Label>
        <Input
          id={dateId}
          type="date"
          value={filters.date ?? ''}
          aria-describedby={hintId}
          onChange={(event) => onChange({ date: event.target.value || undefined })}
          className="w-40"
        />
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
      <FilterSelect
        label="Service"
        anyLabel="All services"
        value={filters.service}
        options={services.map((service) => ({ value: service._id, label: service.name }))}
        onChange={(service) => onChange({ service })}
      />
      <FilterSelect
        label="Origin"
        anyLabel="All origins"
        value={filters.origin}
        options={ORIGIN_OPTIONS}
        onChange={(origin) => onChange({ origin })}
      />
      <div className="flex items-center gap-2 self-center">
        <Checkbox
          id={pastId}
          checked={filters.includePast}
          disabled={Boolean(filters.date)}
          onChange={(event) => onChange({ includePast: event.target.checked })}
        />
        <Label htmlFor={pastId}>Include past slots</Label>
      </div>
      <Button type="button" variant="ghost" className="self-center lg:ml-auto" onClick={onClear}>
        <RotateCcwIcon aria-hidden="true" />
        {REPORT_MESSAGES.clearFilters}
      </Button>
    </section>
  );
};
