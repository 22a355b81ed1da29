import type { ComponentProps } from 'react';
import { DayPicker, labelDayButton, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '@/lib/utils';

type CalendarProps = ComponentProps<typeof DayPicker> & {
  /** Days marked with a dot under their number (a service's days with free times). */
  marked?: Matcher | Matcher[];
  /** What a marked day's button adds to its accessible name, after a comma: 'has free times'. */
  markedLabel?: string;
};

/** react-day-picker in the app's colours (light and dark follow the theme tokens), optionally marking days. */
export const Calendar = ({
  className,
  marked,
  markedLabel,
  modifiers,
  modifiersClassNames,
  labels,
  ...props
}: CalendarProps) => (
  <DayPicker
    className={cn(
      'rounded-md text-sm [--rdp-accent-background-color:var(--accent)] [--rdp-accent-color:var(--primary)] [--rdp-day-height:40px] [--rdp-day-width:40px] [--rdp-day_button-height:38px] [--rdp-day_button-width:38px] [&_.rdp-disabled]:opacity-40 [&_.rdp-selected_.rdp-day_button]:bg-primary [&_.rdp-selected_.rdp-day_button]:text-primary-foreground',
      className,
    )}
    modifiers={marked === undefined ? modifiers : { ...modifiers, marked }}
    modifiersClassNames={{
      marked:
        'font-semibold [&>.rdp-day_button]:relative [&>.rdp-day_button]:after:absolute [&>.rdp-day_button]:after:bottom-1 [&>.rdp-day_button]:after:left-1/2 [&>.rdp-day_button]:after:size-1 [&>.rdp-day_button]:after:-translate-x-1/2 [&>.rdp-day_button]:after:rounded-full [&>.rdp-day_button]:after:bg-current',
      ...modifiersClassNames,
    }}
    labels={
      markedLabel
        ? {
            labelDayButton: (date, dayModifiers, options, dateLib) => {
              const label = labelDayButton(date, dayModifiers, options, dateLib);
              return dayModifiers.marked ? `${label}, ${markedLabel}` : label;
            },
            ...labels,
          }
        : labels
    }
    {...props}
  />
);
