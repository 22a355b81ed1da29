import type { Booking } from '@carcare/contracts/bookings';
import type { Schedule } from '@carcare/contracts/reports';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetScheduleQuery } from '../api/get-schedule';
import { isCalendarDay } from '../business-days';
import { BoardBookingDialog } from '../components/board-booking-dialog';
import { DayBoard } from '../components/day-board';
import { DayNav } from '../components/day-nav';
import { useBusinessToday } from '../hooks/use-business-today';
import { reportErrorMessage } from '../report-error';

type DayBoardPageProps = {
  /** What can be done with a booking; the app hands in Booking Management's actions. */
  renderBookingActions: (booking: Booking) => ReactNode;
  /** What else the counter reads about the day shown, below the board (the day's waitlist). */
  renderDayExtras?: (date: string) => ReactNode;
};

type ScheduleBodyProps = { schedule: Schedule; onOpen: (booking: Booking, opener: HTMLElement) => void };

/** The board, with a note on a day without bookings; a shop without bays has no board to show. */
const ScheduleBody = ({ schedule, onOpen }: ScheduleBodyProps) => {
  if (schedule.bays.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{REPORT_MESSAGES.noBays}</p>
    );
  }
  return (
    <>
      {schedule.bookings.length === 0 ? <p className="text-muted-foreground">{REPORT_MESSAGES.scheduleEmpty}</p> : null}
      <DayBoard schedule={schedule} onOpen={onOpen} />
    </>
  );
};

/** The day board: the date lives in the URL (`?date=YYYY-MM-DD`, today when absent) so a day can be shared. */
export const DayBoardPage = ({ renderBookingActions, renderDayExtras }: DayBoardPageProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { today, ready } = useBusinessToday();
  const { longDay } = useDisplayFormat();
  const asked = searchParams.get('date');
  const date = isCalendarDay(asked) ? asked : today;
  const { data, isFetching, isError, error } = useGetScheduleQuery({ date }, { skip: !ready });
  const [openId, setOpenId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Read from the latest answer: after an action the board refetches, and a cancelled booking leaves it.
  const openBooking = data?.bookings.find((booking) => booking._id === openId) ?? null;
  const shown = data && data.date === date ? data : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="Schedule" description={longDay(date)} />
        <DayNav date={date} today={today} onChange={(day) => setSearchParams(day === today ? {} : { date: day })} />
      </div>
      {isFetching && !shown ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {reportErrorMessage(error, 'The schedule could not be loaded, please try again.')}
        </p>
      ) : null}
      {shown && !isError ? (
        <ScheduleBody
          schedule={shown}
          onOpen={(booking, block) => {
            opener.current = block;
            setOpenId(booking._id);
          }}
        />
      ) : null}
      {ready ? renderDayExtras?.(date) : null}
      <BoardBookingDialog
        booking={openBooking}
        timeZone={data?.timeZone ?? 'UTC'}
        onClose={() => setOpenId(null)}
        returnFocusTo={opener}
        renderActions={renderBookingActions}
      />
    </div>
  );
};
