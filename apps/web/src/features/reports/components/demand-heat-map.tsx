import type { Overview } from '@carcare/contracts/reports';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import { demandHours, demandLookup, hourLabel, WEEKDAYS } from '../demand-grid';

type DemandHeatMapProps = { demand: Overview['demand'] };

/** The cell's shade: the primary colour, stronger the busier the hour (the theme sets the colour, light or dark). */
const shade = (bookings: number, busiest: number) => {
  const strength = Math.round(15 + (85 * bookings) / busiest);
  return { backgroundColor: `color-mix(in oklch, var(--primary) ${strength}%, transparent)` };
};

/** Past half strength the cell is dark enough (light enough, in the dark theme) for the primary's own text colour. */
const strongCell = (bookings: number, busiest: number) => bookings / busiest > 0.5;

/**
 * When customers come: a table of weekdays (Monday first) by the hour their slot starts, each cell shaded by its
 * bookings. Being a table, it reads the same to a screen reader as it looks.
 */
export const DemandHeatMap = ({ demand }: DemandHeatMapProps) => {
  const headingId = useId();
  const hours = demandHours(demand);
  const bookingsAt = demandLookup(demand);
  const busiest = Math.max(1, ...demand.map((cell) => cell.bookings));

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <h2 id={headingId} className="font-semibold">
        Demand by weekday and hour
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">Bookings by weekday and the hour their slot starts</caption>
          <thead>
            <tr>
              <td />
              {hours.map((hour) => (
                <th key={hour} scope="col" className="px-0.5 font-normal text-muted-foreground">
                  {hourLabel(hour).slice(0, 2)}
                  <span className="sr-only">:00</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map(({ day, short, long }) => (
              <tr key={day}>
                <th scope="row" className="pr-2 text-left font-normal text-muted-foreground">
                  <abbr title={long} className="no-underline">
                    {short}
                  </abbr>
                </th>
                {hours.map((hour) => {
                  const bookings = bookingsAt(day, hour);
                  if (bookings === 0) {
                    return (
                      <td key={hour} className="h-7 min-w-7 rounded-sm bg-muted">
                        <span className="sr-only">0</span>
                      </td>
                    );
                  }
                  return (
                    <td
                      key={hour}
                      className={cn(
                        'h-7 min-w-7 rounded-sm text-center font-medium tabular-nums',
                        strongCell(bookings, busiest) && 'text-primary-foreground',
                      )}
                      style={shade(bookings, busiest)}
                    >
                      {bookings}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
};
