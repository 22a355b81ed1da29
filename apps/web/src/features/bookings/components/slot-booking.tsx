import type { ServiceDetail } from '@carcare/contracts/services';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { jobQuery } from '../booking-job';
import { useBookingSource } from '../booking-source';
import { businessToday } from '../business-date';
import { monthRange } from '../calendar-month';
import { useJobChoice } from '../hooks/use-job-choice';
import { isSlotBookable } from '../slot-rules';
import { JobPicker } from './job-picker';
import { SlotDayPicker } from './slot-day-picker';

type SlotBookingProps = { service: ServiceDetail };

/**
 * The vehicle and add-ons with their price, then the calendar, the chosen day's slots and Book This Service for
 * one service (SPEC sections 2 and 4); the days and times offered are those where the whole job fits. The page
 * opens on the first day with a free time, as the service's calendar of this month finds it (it looks on to
 * the booking horizon); the server draws the page on that day too, so the browser hydrates the same markup.
 */
export const SlotBooking = ({ service }: SlotBookingProps) => {
  const source = useBookingSource();
  const update = source.useUpdateChoice();
  const bookService = source.useBook();
  const { slot: selectedSlot } = source.useChoice();
  const { data: config, isError: configFailed } = source.useConfig();
  const today = businessToday(config?.timeZone);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const choice = useJobChoice(service);
  const job = choice.settled ? jobQuery(choice.settled) : null;
  // This month's calendar (the picker's first page, the same cached call) says where to open.
  const { data: opening, isError: openingFailed } = source.useCalendar(
    (config || configFailed) && job ? { service: service._id, ...monthRange(today), ...job } : null,
  );
  const shopToday = opening?.today ?? today;
  // Without a free day ahead, or without the calendar, the page opens on today as it always did.
  const date = chosenDate ?? opening?.nextAvailable ?? shopToday;
  const ready = job !== null && (chosenDate !== null || opening !== undefined || openingFailed);
  // The same cached call as the picker's: the stored choice counts only if it is still on offer that day.
  const { data: slots } = source.useSlots(ready ? { service: service._id, date, ...job } : null);

  // A fresh visit to a service starts with no slot or add-on chosen; the vehicle stays the customer's choice.
  const serviceId = service._id;
  useEffect(() => {
    update({ service: serviceId, slot: '', addOns: '' });
  }, [update, serviceId]);

  const chooseDate = (day: string) => {
    setChosenDate(day);
    update({ slot: '' });
  };

  const chosen = slots?.find((slot) => slot._id === selectedSlot && isSlotBookable(slot));

  return (
    <>
      <JobPicker service={service} choice={choice} />
      <section
        aria-labelledby="book-slot-heading"
        className="grid gap-6 rounded-lg border bg-card p-4 sm:p-6 md:grid-cols-[auto_1fr]"
      >
        <h2 id="book-slot-heading" className="font-semibold text-xl md:col-span-2">
          Choose a date and time
        </h2>
        <SlotDayPicker
          serviceId={service._id}
          today={shopToday}
          date={date}
          ready={ready}
          job={job}
          onDateChange={chooseDate}
          selectedSlot={selectedSlot}
          onSelect={(slot) => update({ slot })}
        >
          <Button
            size="lg"
            disabled={!chosen || !choice.settled || choice.changing}
            onClick={() => chosen && choice.settled && bookService(service._id, chosen._id, choice.settled)}
          >
            Book This Service
          </Button>
        </SlotDayPicker>
      </section>
    </>
  );
};
