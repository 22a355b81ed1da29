import type { Overview } from '@carcare/contracts/reports';
import { formatPrice } from '@/lib/format-price';
import { FiguresCard } from './figures-card';

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
  const figures: Array<[string, string]> = [
    [CLUB_WORDS.recurringRevenue, formatPrice(club.recurringRevenue, currency)],
    [CLUB_WORDS.activeMembers, String(club.activeMembers)],
    [CLUB_WORDS.newMembers, String(club.newMembers)],
    [CLUB_WORDS.cancelledMembers, String(club.cancelledMembers)],
    [CLUB_WORDS.failedPayments, String(club.failedPayments)],
    [CLUB_WORDS.washesUsed, String(club.washesUsed)],
    [CLUB_WORDS.collected, formatPrice(club.collected, currency)],
  ];
  return <FiguresCard heading={CLUB_WORDS.heading} detail={CLUB_WORDS.detail} figures={figures} />;
};
