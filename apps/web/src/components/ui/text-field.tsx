import type { ComponentProps } from 'react';
import { FieldError } from './field-error';
import { Input } from './input';
import { Label } from './label';

type TextFieldProps = ComponentProps<'input'> & { id: string; label: string; error?: string };

/** Label, input and inline error area wired together for screen readers. */
export const TextField = ({ id, label, error, className, ...inputProps }: TextFieldProps) => {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <Label htmlFor={id} className="mb-2 block">
        {label}
      </Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...inputProps} />
      <FieldError id={errorId} message={error} className="mt-1" />
    </div>
  );
};
