import type { ReactNode } from 'react';
import { Calendar } from '@/components/ui/calendar';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetSlotAvailabilityQuery } from '../api/get-slot-availability';
import { dayToText, textToDay } from '../business-date';
import { DaySlots } from './day-slots';

type SlotDayPickerProps = {
  serviceId: string;
  /** Today where the business is (YYYY-MM-DD): earlier days cannot be chosen. */
  today: string;
  date: string;
  onDateChange: (date: string) => void;
  selectedSlot: string;
  onSelect: (slotId: string) => void;
  /** A slot not to offer: the booking's own, when it is being moved. */
  excludedSlot?: string;
  /** What acts on the choice, under the slots. */
  children?: ReactNode;
};

/** A date calendar and that day's slots of one service: the service page books from it, My Bookings moves with it. */
export const SlotDayPicker = ({
  serviceId,
  today,
  date,
  onDateChange,
  selectedSlot,
  onSelect,
  excludedSlot,
  children,
}: SlotDayPickerProps) => {
  const { day } = useDisplayFormat();
  const { data: slots, isFetching, isError } = useGetSlotAvailabilityQuery({ service: serviceId, date });
  const offered = slots?.filter((slot) => slot._id !== excludedSlot);

  return (
    <>
      <Calendar
        mode="single"
        required
        selected={textToDay(date)}
        onSelect={(day: Date | undefined) => day && onDateChange(dayToText(day))}
        disabled={{ before: textToDay(today) }}
        className="justify-self-center"
      />
      <div className="space-y-4">
        <h3 className="font-medium">Available slots on {day(date)}</h3>
        {isFetching ? (
          <p role="status" className="text-muted-foreground">
            {UI_MESSAGES.loadingScreen}
          </p>
        ) : null}
        {!isFetching && isError ? <DaySlots slots={[]} selectedSlot="" onSelect={() => undefined} /> : null}
        {!isFetching && offered ? <DaySlots slots={offered} selectedSlot={selectedSlot} onSelect={onSelect} /> : null}
        {children}
      </div>
    </>
  );
};
