import type { BookingFilters } from '@carcare/contracts/bookings';
import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type DateRange = Pick<BookingFilters, 'from' | 'to'>;

type BookingDateRangeProps = DateRange & {
  /** Why the API would refuse this range; the list leaves the dates out meanwhile. */
  error: string | undefined;
  onChange: (range: DateRange) => void;
};

type DateFieldProps = {
  label: string;
  value: string | undefined;
  errorId: string;
  invalid: boolean;
  onChange: (value: string | undefined) => void;
};

const DateField = ({ label, value, errorId, invalid, onChange }: DateFieldProps) => {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="w-40"
      />
    </div>
  );
};

/** The first and last slot dates of the bookings shown, both counted; either may be left open. */
export const BookingDateRange = ({ from, to, error, onChange }: BookingDateRangeProps) => {
  const errorId = useId();
  return (
    <fieldset className="grid gap-1">
      <legend className="sr-only">Slot dates</legend>
      <div className="flex flex-wrap gap-2">
        <DateField
          label="From"
          value={from}
          errorId={errorId}
          invalid={Boolean(error)}
          onChange={(value) => onChange({ from: value })}
        />
        <DateField
          label="To"
          value={to}
          errorId={errorId}
          invalid={Boolean(error)}
          onChange={(value) => onChange({ to: value })}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
};
