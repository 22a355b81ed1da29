import { type Control, Controller } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { TermsValues } from '../payment-terms';

type ChoiceFieldProps = {
  control: Control<TermsValues>;
  name:
    | 'paymentPolicy.deposit.kind'
    | 'paymentPolicy.noShowFee.kind'
    | 'paymentPolicy.lateCancellation.kind'
    | 'paymentPolicy.lateCancellation.fee.kind';
  id: string;
  label: string;
  choices: readonly string[];
  labels: Record<string, string>;
  error?: string;
  onChosen?: (value: string) => void;
};

/** A labelled select of one rule's kind, its error under it. */
export const ChoiceField = ({ control, name, id, label, choices, labels, error, onChosen }: ChoiceFieldProps) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <div className="min-w-0">
        <Label htmlFor={id} className="mb-2 block">
          {label}
        </Label>
        <Select
          value={field.value}
          onValueChange={(value) => {
            field.onChange(value);
            onChosen?.(value);
          }}
        >
          <SelectTrigger
            id={id}
            ref={field.ref}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            className="h-auto min-h-10 w-full min-w-0 whitespace-normal text-left"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice} value={choice}>
                {labels[choice]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError id={`${id}-error`} message={error} className="mt-1" />
      </div>
    )}
  />
);
