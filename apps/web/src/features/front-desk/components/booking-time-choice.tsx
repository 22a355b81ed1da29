import { useId } from 'react';
import { Label } from '@/components/ui/label';
import type { JobQuery } from '@/features/bookings/booking-job';
import { SlotDayPicker } from '@/features/bookings/components/slot-day-picker';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import type { Timing } from '../new-booking';

const TIMINGS = [
  ['slot', NEW_BOOKING_WORDS.pickTime],
  ['walkIn', NEW_BOOKING_WORDS.walkIn],
] as const;

type BookingTimeChoiceProps = {
  service: string;
  today: string;
  timing: Timing;
  onTimingChange: (timing: Timing) => void;
  date: string;
  onDateChange: (date: string) => void;
  slot: string;
  onSlotChange: (slot: string) => void;
  /** The job's class and add-ons: the times offered are those where it fits; null until the classes are known. */
  job: JobQuery | null;
};

/** When: a day and one of its free times (the service page's calendar), or now for a walk-in. */
export const BookingTimeChoice = ({
  service,
  today,
  timing,
  onTimingChange,
  date,
  onDateChange,
  slot,
  onSlotChange,
  job,
}: BookingTimeChoiceProps) => {
  const id = useId();
  return (
    <>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{NEW_BOOKING_WORDS.time}</legend>
        {TIMINGS.map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-${value}`}
              name={`${id}-timing`}
              checked={timing === value}
              onChange={() => onTimingChange(value)}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`${id}-${value}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
      {timing === 'walkIn' ? <p className="text-muted-foreground text-sm">{NEW_BOOKING_WORDS.walkInHint}</p> : null}
      {timing === 'slot' && !service ? (
        <p className="text-muted-foreground text-sm">{NEW_BOOKING_WORDS.serviceFirst}</p>
      ) : null}
      {timing === 'slot' && service ? (
        <div className="grid min-w-0 gap-6 md:grid-cols-[auto_1fr]">
          <SlotDayPicker
            serviceId={service}
            today={today}
            date={date}
            onDateChange={onDateChange}
            selectedSlot={slot}
            onSelect={onSlotChange}
            job={job}
          />
        </div>
      ) : null}
    </>
  );
};
