import { PublicLayout } from '@/components/layout/public-layout';
import { NextSlotCountdown } from '@/features/bookings/components/next-slot-countdown';
import { ComparisonButton } from '@/features/services/components/comparison-button';
import { Island } from '@/lib/islands/island';

/** The public layout with the parts features bring to it: the Next Slot countdown and the comparison button. */
export const PublicShell = () => (
  <PublicLayout
    headerAddon={<NextSlotCountdown />}
    floatingActions={<Island name="comparison" component={ComparisonButton} props={{}} />}
  />
);
