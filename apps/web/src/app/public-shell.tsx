import { PublicLayout } from '@/components/layout/public-layout';
import { NextSlotCountdown } from '@/features/bookings/components/next-slot-countdown';
import { ComparisonButton } from '@/features/services/components/comparison-button';

/** The public layout with the parts features bring to it: the Next Slot countdown and the comparison button. */
export const PublicShell = () => (
  <PublicLayout headerAddon={<NextSlotCountdown />} floatingActions={<ComparisonButton />} />
);
