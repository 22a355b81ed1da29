import { formatDay } from '@carcare/contracts/display-format';
import { WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { useGetDayWaitlistQuery } from '../api/waitlist-api';

type DayWaitlistProps = { date: string };

/** The counter's waitlist of a day: who waits, in queue order, for which service and windows, and any offer. */
export const DayWaitlist = ({ date }: DayWaitlistProps) => {
  const headingId = useId();
  const { data: entries, isError } = useGetDayWaitlistQuery(date);
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 rounded-lg border bg-card p-4">
      <h2 id={headingId} className="font-semibold">
        {WAITLIST_WORDS.dayHeading}
      </h2>
      {isError ? <p className="text-destructive text-sm">{WAITLIST_WORDS.dayLoadFailed}</p> : null}
      {entries?.length === 0 ? <p className="text-muted-foreground text-sm">{WAITLIST_WORDS.dayEmpty}</p> : null}
      {entries && entries.length > 0 ? (
        <ol className="space-y-2">
          {entries.map((entry) => (
            <li key={entry._id} className="min-w-0 space-y-1 border-t pt-2 first:border-t-0 first:pt-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words font-medium">
                  {entry.customer.firstName} {entry.customer.lastName}
                </span>
                <Badge variant="secondary">{WAITLIST_WORDS.status[entry.status]}</Badge>
              </div>
              <p className="break-words text-muted-foreground text-sm">
                {entry.service.name} ·{' '}
                {entry.windows
                  .filter((window) => window.date === date)
                  .map((window) => `${window.from}–${window.to}`)
                  .join(', ')}
              </p>
              {entry.offer?.status === 'open' ? (
                <p className="text-sm">
                  {WAITLIST_WORDS.offerHeld(`${formatDay(entry.offer.date)}, ${entry.offer.startTime}`)}
                </p>
              ) : null}
              {entry.customer.phone || entry.customer.email ? (
                <p className="break-all text-muted-foreground text-xs">
                  {entry.customer.phone ?? entry.customer.email}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
};
