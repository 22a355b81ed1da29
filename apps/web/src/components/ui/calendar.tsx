import type { ComponentProps } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '@/lib/utils';

/** react-day-picker in the app's colours (light and dark follow the theme tokens). */
export const Calendar = ({ className, ...props }: ComponentProps<typeof DayPicker>) => (
  <DayPicker
    className={cn(
      'rounded-md text-sm [--rdp-accent-background-color:var(--accent)] [--rdp-accent-color:var(--primary)] [--rdp-day-height:40px] [--rdp-day-width:40px] [--rdp-day_button-height:38px] [--rdp-day_button-width:38px] [&_.rdp-disabled]:opacity-40 [&_.rdp-selected_.rdp-day_button]:bg-primary [&_.rdp-selected_.rdp-day_button]:text-primary-foreground',
      className,
    )}
    {...props}
  />
);
