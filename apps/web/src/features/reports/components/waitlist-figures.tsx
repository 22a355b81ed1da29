import type { Overview } from '@carcare/contracts/reports';
import { useId } from 'react';
import { formatPrice } from '@/lib/format-price';

/** How the waitlist's figures are named on the overview. */
export const WAITLIST_WORDS = {
  heading: 'Waitlist',
  detail: 'Freed times offered to the waitlist and booked and paid in the period, and what they brought in.',
  bookingsWonBack: 'Bookings won back',
  revenueWonBack: 'Revenue won back',
} as const;

type WaitlistFiguresProps = { waitlist: Overview['current']['waitlist']; currency: string };

/** The period's bookings won back from the waitlist and their revenue. */
export const WaitlistFigures = ({ waitlist, currency }: WaitlistFiguresProps) => {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold">
          {WAITLIST_WORDS.heading}
        </h2>
        <p className="text-muted-foreground text-xs">{WAITLIST_WORDS.detail}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <div className="min-w-0 space-y-1">
          <dt className="text-muted-foreground text-sm">{WAITLIST_WORDS.bookingsWonBack}</dt>
          <dd className="font-semibold text-xl tabular-nums">{waitlist.bookingsWonBack}</dd>
        </div>
        <div className="min-w-0 space-y-1">
          <dt className="text-muted-foreground text-sm">{WAITLIST_WORDS.revenueWonBack}</dt>
          <dd className="font-semibold text-xl tabular-nums">{formatPrice(waitlist.revenueWonBack, currency)}</dd>
        </div>
      </dl>
    </section>
  );
};
