import type { Overview } from '@carcare/contracts/reports';
import { useId } from 'react';
import { formatPrice } from '@/lib/format-price';

/** How the wash club's figures are named on the overview. */
export const CLUB_WORDS = {
  heading: 'Wash club',
  detail:
    'Memberships live at the end of the period and what they bill a month; members who joined, left or failed to renew in it.',
  recurringRevenue: 'Monthly recurring revenue',
  activeMembers: 'Active members',
  newMembers: 'New members',
  cancelledMembers: 'Cancelled members',
  failedPayments: 'Failed payments',
  washesUsed: 'Washes used',
  collected: 'Club money collected',
} as const;

type ClubFiguresProps = { club: Overview['current']['club']; currency: string };

/** The period's wash club: recurring revenue, members, failed renewals and washes used. */
export const ClubFigures = ({ club, currency }: ClubFiguresProps) => {
  const headingId = useId();
  const figures: Array<[string, string]> = [
    [CLUB_WORDS.recurringRevenue, formatPrice(club.recurringRevenue, currency)],
    [CLUB_WORDS.activeMembers, String(club.activeMembers)],
    [CLUB_WORDS.newMembers, String(club.newMembers)],
    [CLUB_WORDS.cancelledMembers, String(club.cancelledMembers)],
    [CLUB_WORDS.failedPayments, String(club.failedPayments)],
    [CLUB_WORDS.washesUsed, String(club.washesUsed)],
    [CLUB_WORDS.collected, formatPrice(club.collected, currency)],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold">
          {CLUB_WORDS.heading}
        </h2>
        <p className="text-muted-foreground text-xs">{CLUB_WORDS.detail}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0 space-y-1">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd className="font-semibold text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
