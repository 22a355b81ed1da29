import type { Overview } from '@carcare/contracts/reports';
import { formatPrice } from '@/lib/format-price';
import { FiguresCard } from './figures-card';

/** How the waitlist's figures are named on the overview. */
export const WAITLIST_WORDS = {
  heading: 'Waitlist',
  detail: 'Freed times offered to the waitlist and booked and paid in the period, and what they brought in.',
  bookingsWonBack: 'Bookings won back',
  revenueWonBack: 'Revenue won back',
} as const;

type WaitlistFiguresProps = { waitlist: Overview['current']['waitlist']; currency: string };

/** The period's bookings won back from the waitlist and their revenue. */
export const WaitlistFigures = ({ waitlist, currency }: WaitlistFiguresProps) => (
  <FiguresCard
    heading={WAITLIST_WORDS.heading}
    detail={WAITLIST_WORDS.detail}
    figures={[
      [WAITLIST_WORDS.bookingsWonBack, String(waitlist.bookingsWonBack)],
      [WAITLIST_WORDS.revenueWonBack, formatPrice(waitlist.revenueWonBack, currency)],
    ]}
  />
);
