import type { AdminSlot } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/toast-message';
import { useToggleSlotStatusMutation } from '../api/toggle-slot-status';

/**
 * SPEC section 2: Cancel an available slot, Make Available any other. A slot that live bookings hold cannot be
 * toggled: a full one shows 'Booked', one with bays left says how many bookings it has.
 */
export const SlotAction = ({ slot }: { slot: AdminSlot }) => {
  const [toggle, { isLoading }] = useToggleSlotStatusMutation();
  if (slot.isBooked === 'booked') return <Badge variant="secondary">Booked</Badge>;
  if (slot.liveBookings > 0) return <Badge variant="outline">{SLOT_MESSAGES.bookedCount(slot.liveBookings)}</Badge>;

  const available = slot.isBooked === 'available';
  const onClick = async () => {
    try {
      await toggle(slot._id).unwrap();
    } catch {
      toastError({ title: SLOT_MESSAGES.toggleFailed, description: SLOT_MESSAGES.toggleFailedDescription });
    }
  };
  return (
    <Button
      size="sm"
      variant={available ? 'destructive' : 'outline'}
      disabled={isLoading}
      aria-label={`${available ? 'Cancel' : 'Make Available'} slot ${slot.date} ${slot.startTime}`}
      onClick={onClick}
    >
      {available ? 'Cancel' : 'Make Available'}
    </Button>
  );
};
