import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native checkbox in the theme's colours: keyboard, labels and forms work as the browser makes them. */
export const Checkbox = ({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) => (
  <input
    type="checkbox"
    data-slot="checkbox"
    className={cn(
      'peer size-4 shrink-0 cursor-pointer rounded-[4px] border-input accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
      className,
    )}
    {...props}
  />
);
