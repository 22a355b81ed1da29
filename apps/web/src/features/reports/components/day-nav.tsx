import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isCalendarDay, shiftDay } from '../business-days';

type DayNavProps = { date: string; today: string; onChange: (date: string) => void };

/** The day before, today, the day after, or any day typed in. */
export const DayNav = ({ date, today, onChange }: DayNavProps) => (
  <div className="flex flex-wrap items-center gap-2">
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label="Previous day"
      onClick={() => onChange(shiftDay(date, -1))}
    >
      <ChevronLeftIcon />
    </Button>
    <Button type="button" variant="outline" disabled={date === today} onClick={() => onChange(today)}>
      Today
    </Button>
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label="Next day"
      onClick={() => onChange(shiftDay(date, 1))}
    >
      <ChevronRightIcon />
    </Button>
    <Input
      type="date"
      aria-label="Day"
      className="w-auto"
      value={date}
      onChange={(event) => {
        if (isCalendarDay(event.target.value)) onChange(event.target.value);
      }}
    />
  </div>
);
