import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';

type CheckboxOption = { value: string; label: string };

type CheckboxListProps = {
  id: string;
  legend: string;
  /** What leaving every box unchecked means, e.g. 'Every service'; left out where at least one must be checked. */
  noneMeans?: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Said instead of the boxes while there is nothing to offer (loading, a failed fetch, an empty list). */
  status?: string;
  error?: string;
};

/** A labelled group of checkboxes choosing some of `options`; the chosen values keep the options' order. */
export const CheckboxList = ({ id, legend, noneMeans, options, value, onChange, status, error }: CheckboxListProps) => {
  const chosen = new Set(value);
  const toggle = (toggled: string, checked: boolean) =>
    onChange(
      options
        .filter((option) => (option.value === toggled ? checked : chosen.has(option.value)))
        .map((option) => option.value),
    );

  return (
    <fieldset aria-describedby={noneMeans ? `${id}-hint` : undefined} className="space-y-2">
      <legend className="font-medium text-sm leading-none">{legend}</legend>
      {noneMeans ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {noneMeans} when none is checked
        </p>
      ) : null}
      {status ? (
        <p className="text-muted-foreground text-sm">{status}</p>
      ) : (
        <ul className="grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2">
          {options.map((option) => {
            const boxId = `${id}-${option.value}`;
            return (
              <li key={option.value} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  checked={chosen.has(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                <Label htmlFor={boxId} className="font-normal">
                  {option.label}
                </Label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
};
