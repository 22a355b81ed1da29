import { CALENDAR_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { addDays } from 'date-fns';
import { CalendarSearchIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { useShopConfig } from '@/lib/shop-config';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import type { JobQuery } from '../booking-job';
import { useBookingSource } from '../booking-source';
import { dayToText, textToDay } from '../business-date';
import { monthRange, monthStart, rangeAfter } from '../calendar-month';
import { DaySlots } from './day-slots';
import { ShopTimeZoneNote } from './shop-time-zone-note';

/** What a day with free times adds to its button's accessible name. */
const FREE_DAY_LABEL = 'has free times';

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
  /** False while the day to open on is still being found: the day's slots wait for it. */
  ready?: boolean;
  /** The job (vehicle or class, add-ons): days and times are those where its whole span fits; null: not known yet. */
  job?: JobQuery | null;
  /** What acts on the choice, under the slots. */
  children?: ReactNode;
};

const NO_JOB: JobQuery = {};

/**
 * A month calendar and the chosen day's slots of one service: the service page books from it, My Bookings moves
 * with it. Days with free times are marked; closed, past and beyond-horizon days cannot be chosen, as the
 * service's calendar says; Next available jumps to the next day with a free time.
 */
export const SlotDayPicker = ({
  serviceId,
  today,
  date,
  onDateChange,
  selectedSlot,
  onSelect,
  excludedSlot,
  ready = true,
  job = NO_JOB,
  children,
}: SlotDayPickerProps) => {
  const { day } = useDisplayFormat();
  const source = useBookingSource();
  const config = useShopConfig();
  // The month browsed to with the arrows. It stays while the chosen day changes by itself (the page finding the
  // day to open on after a first press of an arrow); a day the visitor chooses shows its own month.
  const [browsed, setBrowsed] = useState<string | null>(null);
  const month = browsed ?? monthStart(date);
  const chooseDate = (day: string) => {
    setBrowsed(null);
    onDateChange(day);
  };
  const { data: calendar } = source.useCalendar(job ? { service: serviceId, ...monthRange(month), ...job } : null);
  const {
    data: slots,
    isFetching,
    isError,
  } = source.useSlots(ready && job ? { service: serviceId, date, ...job } : null);
  const offered = slots?.filter((slot) => slot._id !== excludedSlot);

  const { find: findNext, isFetching: seeking } = source.useNextAvailable();
  // The day after which Next available found nothing; choosing another day forgets it.
  const [noneAfter, setNoneAfter] = useState<string | null>(null);
  const jumpToNextAvailable = async () => {
    if (!job) return;
    const ahead = await findNext({ service: serviceId, ...rangeAfter(date), ...job });
    if (!ahead) return;
    if (ahead.nextAvailable) chooseDate(ahead.nextAvailable);
    else setNoneAfter(date);
  };

  // The calendar's own answer is the shop's clock; until it arrives, the page's.
  const shopToday = calendar?.today ?? today;
  const lastDay =
    calendar?.lastBookableDate ??
    (config ? dayToText(addDays(textToDay(shopToday), config.bookingHorizonDays)) : undefined);
  const days = calendar?.days ?? [];
  // A day with a free time stays choosable whatever the hours say: an administrator's hand-made slot on it.
  const unavailable = days
    .filter((each) => each.state === 'past' || (each.state !== 'open' && each.free === 0))
    .map((each) => textToDay(each.date));
  const withFreeTimes = days
    .filter((each) => each.state !== 'past' && each.free > 0)
    .map((each) => textToDay(each.date));

  return (
    <>
      <div className="flex flex-col items-center gap-3 justify-self-center">
        <Calendar
          mode="single"
          required
          selected={textToDay(date)}
          onSelect={(chosen: Date | undefined) => chosen && chooseDate(dayToText(chosen))}
          today={textToDay(shopToday)}
          month={textToDay(month)}
          onMonthChange={(shown) => setBrowsed(dayToText(shown))}
          startMonth={textToDay(monthStart(shopToday))}
          endMonth={lastDay ? textToDay(monthStart(lastDay)) : undefined}
          disabled={[{ before: textToDay(shopToday) }, ...unavailable]}
          marked={withFreeTimes}
          markedLabel={FREE_DAY_LABEL}
        />
        <Button type="button" variant="outline" disabled={seeking} onClick={() => void jumpToNextAvailable()}>
          <CalendarSearchIcon aria-hidden="true" />
          {CALENDAR_MESSAGES.nextAvailable}
        </Button>
        {noneAfter === date ? (
          <p role="status" className="text-center text-muted-foreground text-sm">
            {CALENDAR_MESSAGES.noneAhead}
          </p>
        ) : null}
      </div>
      <div className="min-w-0 space-y-4">
        <div className="space-y-1">
          <h3 className="font-medium">Available slots on {day(date)}</h3>
          <ShopTimeZoneNote date={date} />
        </div>
        {isFetching || !ready || !job ? (
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
