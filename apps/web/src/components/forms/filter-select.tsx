import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type FilterOption<Value extends string> = { value: Value; label: string };

type FilterSelectProps<Value extends string> = {
  label: string;
  /** The first choice, which turns the filter off. */
  anyLabel: string;
  value: Value | undefined;
  options: readonly FilterOption<Value>[];
  onChange: (value: Value | undefined) => void;
};

/** Radix Select has no empty choice: this value stands for "no filter" and is never sent. */
const ANY = 'any';

/** A labelled select of one list filter (Booking Management's, Slot Management's), whose first choice turns it off. */
export const FilterSelect = <Value extends string>({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: FilterSelectProps<Value>) => {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? ANY}
        onValueChange={(next) => onChange(options.find((option) => option.value === next)?.value)}
      >
        <SelectTrigger id={id} className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
};
