import type { TimeRange, WeeklyHours } from '@carcare/contracts/shop-settings';
import { WEEKDAYS, type Weekday, weekdayName } from '@carcare/contracts/shop-settings-constants';
import { PlusIcon, SplitIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FIRST_RANGE, hoursProblems, withBreak, withRangeAfter } from './weekly-hours';

type WeeklyHoursEditorProps = {
  /** Prefixes the ids of the inputs, so that two editors can share a page. */
  id: string;
  value: WeeklyHours;
  onChange: (hours: WeeklyHours) => void;
  /** Messages the server gave per day, shown where the contract's own checks find nothing. */
  errors?: Partial<Record<Weekday, string>>;
};

/** A time input shows midnight as 00:00; a range that closes at midnight is written 24:00. */
const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);
const storedEnd = (end: string) => (end === '00:00' ? '24:00' : end);

/**
 * The week's opening hours: each weekday open or closed, with one or more ranges (a break between two).
 * The contract's schema checks them as they are edited, and its messages show under the day.
 */
export const WeeklyHoursEditor = ({ id, value, onChange, errors = {} }: WeeklyHoursEditorProps) => {
  const problems = hoursProblems(value);
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });

  return (
    <div className="divide-y rounded-lg border">
      {WEEKDAYS.map((day) => {
        const name = weekdayName(day);
        const ranges = value[day] ?? [];
        const open = ranges.length > 0;
        const dayId = `${id}-${day}`;
        const errorId = `${dayId}-error`;
        const message = problems[day] ?? errors[day];
        const afterLast = withRangeAfter(ranges);
        const split = withBreak(ranges);
        const setRange = (index: number, change: Partial<TimeRange>) =>
          setDay(
            day,
            ranges.map((range, at) => (at === index ? { ...range, ...change } : range)),
          );

        return (
          <fieldset key={day} aria-describedby={errorId} className="min-w-0 space-y-2 p-2 sm:p-3">
            <legend className="sr-only">{name}</legend>
            <div className="flex flex-wrap items-center justify-between gap-2 sm:justify-start sm:gap-6">
              <span aria-hidden="true" className="w-24 font-medium text-sm">
                {name}
              </span>
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${dayId}-open`}
                  aria-label={`Open on ${name}`}
                  checked={open}
                  onChange={(event) => setDay(day, event.target.checked ? [FIRST_RANGE] : [])}
                />
                <Label htmlFor={`${dayId}-open`} className="font-normal">
                  Open
                </Label>
              </div>
            </div>
            {ranges.map((range, index) => {
              const label = `${name} range ${index + 1}`;
              return (
                // Ranges have no identity of their own: their place in the day is what names them.
                <div
                  key={label}
                  className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-1.5 sm:flex sm:gap-2"
                >
                  <Input
                    type="time"
                    aria-label={`${label} from`}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={errorId}
                    value={range.start}
                    onChange={(event) => setRange(index, { start: event.target.value })}
                    className="px-1.5 sm:w-36 sm:px-2"
                  />
                  <span aria-hidden="true" className="hidden sm:inline">
                    –
                  </span>
                  <Input
                    type="time"
                    aria-label={`${label} to`}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={errorId}
                    value={shownEnd(range.end)}
                    onChange={(event) => setRange(index, { end: storedEnd(event.target.value) })}
                    className="px-1.5 sm:w-36 sm:px-2"
                  />
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove ${label}`}
                    className="size-8 sm:size-10"
                    onClick={() =>
                      setDay(
                        day,
                        ranges.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </div>
              );
            })}
            {open ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Add a break on ${name}`}
                  disabled={!split}
                  onClick={() => split && setDay(day, split)}
                >
                  <SplitIcon aria-hidden="true" />
                  Add a break
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Add hours on ${name}`}
                  disabled={!afterLast}
                  onClick={() => afterLast && setDay(day, afterLast)}
                >
                  <PlusIcon aria-hidden="true" />
                  Add hours
                </Button>
              </div>
            ) : null}
            <FieldError id={errorId} message={message} className="min-h-0" />
          </fieldset>
        );
      })}
    </div>
  );
};
