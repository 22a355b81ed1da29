import type { Booking } from '@carcare/contracts/bookings';
import type { Schedule } from '@carcare/contracts/reports';
import { useId } from 'react';
import { boardHours, clockText, heightOf, hourMarks, minutesOf, offsetOf } from '../board-layout';
import { businessClock, businessToday } from '../business-days';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { BoardBookingBlock } from './board-booking-block';

type DayBoardProps = { schedule: Schedule; onOpen: (booking: Booking, opener: HTMLElement) => void };

/** Hour lines every 4 rem (one hour), drawn in the theme's border colour. */
const HOUR_LINES = {
  backgroundImage: 'repeating-linear-gradient(to bottom, var(--border) 0 1px, transparent 1px 4rem)',
};

/**
 * One column per bay (in the shop's order) with time running down the side; each booking sits at its start,
 * as long as it holds its bay, and on today's board a line marks the current time where the business is.
 */
export const DayBoard = ({ schedule, onOpen }: DayBoardProps) => {
  const idPrefix = useId();
  const now = useMinuteClock();
  const hours = boardHours(schedule);
  const height = heightOf(hours.end - hours.start);
  const nowMinutes = minutesOf(businessClock(schedule.timeZone, now));
  const showNow =
    businessToday(schedule.timeZone, now) === schedule.date && nowMinutes >= hours.start && nowMinutes <= hours.end;

  return (
    <div className="overflow-x-auto rounded-lg border bg-card text-card-foreground">
      {/*
        Every cell is placed in the grid explicitly: row 1 the bay names, row 2 the time axis and the bays' columns.
        The current-time line is positioned absolutely over row 2, so it takes no cell and no row of its own.
      */}
      <div
        className="relative grid min-w-fit"
        style={{
          gridTemplateColumns: `4rem repeat(${schedule.bays.length}, minmax(11rem, 1fr))`,
          gridTemplateRows: `auto ${height}`,
        }}
      >
        <div className="sticky left-0 z-20 border-b bg-card" style={{ gridRow: 1, gridColumn: 1 }} />
        {schedule.bays.map((bay, index) => (
          <div
            key={bay._id}
            id={`${idPrefix}-${bay._id}`}
            className="border-b border-l px-3 py-2 font-medium text-sm"
            style={{ gridRow: 1, gridColumn: index + 2 }}
          >
            {bay.name}
            {bay.active ? null : <span className="text-muted-foreground"> (inactive)</span>}
          </div>
        ))}
        <div className="sticky left-0 z-20 bg-card" style={{ gridRow: 2, gridColumn: 1, height }} aria-hidden="true">
          {hourMarks(hours).map((minutes) => (
            <span
              key={minutes}
              className="-translate-y-1/2 absolute right-2 text-muted-foreground text-xs tabular-nums first:translate-y-0 last:-translate-y-full"
              style={{ top: offsetOf(minutes, hours) }}
            >
              {clockText(minutes)}
            </span>
          ))}
        </div>
        {schedule.bays.map((bay, index) => (
          <ul
            key={bay._id}
            aria-labelledby={`${idPrefix}-${bay._id}`}
            className="relative border-l"
            style={{ gridRow: 2, gridColumn: index + 2, height, ...HOUR_LINES }}
          >
            {schedule.bookings
              .filter((booking) => booking.bay._id === bay._id)
              .map((booking) => (
                <BoardBookingBlock
                  key={booking._id}
                  booking={booking}
                  hours={hours}
                  timeZone={schedule.timeZone}
                  onOpen={onOpen}
                />
              ))}
          </ul>
        ))}
        {showNow ? (
          <div
            className="pointer-events-none z-10"
            // Absolutely positioned in row 2's area, over the bays' columns: the bookings stay where they are.
            style={{ position: 'absolute', inset: 0, gridRow: 2, gridColumn: '2 / -1' }}
            role="img"
            aria-label={`Current time ${clockText(nowMinutes)}`}
          >
            <div
              className="absolute inset-x-0 border-destructive border-t-2"
              style={{ top: offsetOf(nowMinutes, hours) }}
            >
              <span className="-top-2.5 absolute left-0 size-2 -translate-x-1/2 rounded-full bg-destructive" />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
};
