import type { Service } from '@carcare/contracts/services';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { useAppDispatch } from '@/lib/redux-hooks';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetSlotAvailabilityQuery } from '../api/get-slot-availability';
import { bookingUpdated, selectBooking } from '../booking-slice';
import { businessToday, dayToText, textToDay } from '../business-date';
import { useBookService } from '../hooks/use-book-service';
import { isSlotBookable } from '../slot-rules';
import { DaySlots } from './day-slots';

type SlotBookingProps = { service: Service };

/** Calendar, the chosen day's slots and Book This Service for one service (SPEC sections 2 and 4). */
export const SlotBooking = ({ service }: SlotBookingProps) => {
  const dispatch = useAppDispatch();
  const bookService = useBookService();
  const { slot: selectedSlot } = useSelector(selectBooking);
  const { data: config } = useGetPublicConfigQuery();
  const today = businessToday(config?.timeZone);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date = chosenDate ?? today;
  const { data: slots, isFetching, isError } = useGetSlotAvailabilityQuery({ service: service._id, date });

  // A fresh visit to a service starts with no slot chosen.
  const serviceId = service._id;
  useEffect(() => {
    dispatch(bookingUpdated({ service: serviceId, slot: '' }));
  }, [dispatch, serviceId]);

  const chooseDate = (day: Date | undefined) => {
    if (!day) return;
    setChosenDate(dayToText(day));
    dispatch(bookingUpdated({ slot: '' }));
  };

  const chosen = slots?.find((slot) => slot._id === selectedSlot && isSlotBookable(slot));

  return (
    <section
      aria-labelledby="book-slot-heading"
      className="grid gap-6 rounded-lg border bg-card p-4 sm:p-6 md:grid-cols-[auto_1fr]"
    >
      <h2 id="book-slot-heading" className="font-semibold text-xl md:col-span-2">
        Choose a date and time
      </h2>
      <Calendar
        mode="single"
        required
        selected={textToDay(date)}
        onSelect={chooseDate}
        disabled={{ before: textToDay(today) }}
        className="justify-self-center"
      />
      <div className="space-y-4">
        <h3 className="font-medium">Available slots on {date}</h3>
        {isFetching ? (
          <p role="status" className="text-muted-foreground">
            {UI_MESSAGES.loadingScreen}
          </p>
        ) : null}
        {!isFetching && isError ? <DaySlots slots={[]} selectedSlot="" onSelect={() => undefined} /> : null}
        {!isFetching && slots ? (
          <DaySlots slots={slots} selectedSlot={selectedSlot} onSelect={(slot) => dispatch(bookingUpdated({ slot }))} />
        ) : null}
        <Button size="lg" disabled={!chosen} onClick={() => chosen && bookService(service._id, chosen._id)}>
          Book This Service
        </Button>
      </div>
    </section>
  );
};
