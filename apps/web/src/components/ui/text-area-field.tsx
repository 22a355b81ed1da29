import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { FieldError } from './field-error';
import { inputClassName } from './input';
import { Label } from './label';

type TextAreaFieldProps = ComponentProps<'textarea'> & { id: string; label: string; error?: string };

/** Label, a text area that grows with its rows and inline error area, wired together as `TextField`'s are. */
export const TextAreaField = ({ id, label, error, className, ...areaProps }: TextAreaFieldProps) => {
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id} className="mb-2 block">
        {label}
      </Label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(inputClassName, 'h-auto resize-y', className)}
        {...areaProps}
      />
      <FieldError id={errorId} message={error} className="mt-1" />
    </div>
  );
};
