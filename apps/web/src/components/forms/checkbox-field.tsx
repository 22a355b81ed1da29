import type { ComponentProps } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  label: string;
  /** A line under the label, read out with the box. */
  description?: string;
};

/** A checkbox with its label and, under it, what ticking it means; the label wraps on a narrow screen. */
export const CheckboxField = ({ id, label, description, className, ...props }: CheckboxFieldProps) => (
  <div className={cn('flex min-w-0 items-start gap-2 text-sm', className)}>
    <Checkbox id={id} className="mt-0.5" aria-describedby={description ? `${id}-description` : undefined} {...props} />
    <div className="min-w-0 space-y-0.5">
      <label htmlFor={id} className="break-words font-medium">
        {label}
      </label>
      {description ? (
        <p id={`${id}-description`} className="break-words text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  </div>
);
