import type { Booking } from '@carcare/contracts/bookings';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useChargeCardMutation } from '../api/charge-card';
import { bookingFailureMessage } from '../booking-failure-message';
import { FRONT_DESK_WORDS } from '../front-desk-words';

/** The bookings whose balance may go on the card on file: confirmed or completed, with something due. */
export const canChargeCard = (booking: Booking) =>
  booking.balanceDue > 0 && (booking.status === 'confirm' || booking.status === 'completed');

/**
 * Charge card on file: confirms the balance to charge, then posts the charge; the server's message is toasted
 * (charged, or the customer was sent a link to approve it) and its refusal (no card, nothing due, declined) is
 * shown in the dialog, which stays open.
 */
export const ChargeCardDialog = ({ booking }: { booking: Booking }) => {
  const currency = useCurrency();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [chargeCard, { isLoading }] = useChargeCardMutation();
  const customer = `${booking.customer.firstName} ${booking.customer.lastName}`.trim();
  const balance = formatPrice(booking.balanceDue, currency);

  const openChange = (next: boolean) => {
    if (next) setRefusal(null);
    setOpen(next);
  };

  const charge = async () => {
    setRefusal(null);
    try {
      const { message } = await chargeCard(booking._id).unwrap();
      toast.success(message, { description: balance });
      setOpen(false);
    } catch (error) {
      setRefusal(bookingFailureMessage(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {FRONT_DESK_WORDS.chargeCard}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FRONT_DESK_WORDS.chargeCardTitle(customer)}</DialogTitle>
          <DialogDescription>
            {FRONT_DESK_WORDS.balanceDue}: {balance}. {FRONT_DESK_WORDS.chargeCardNotice}
          </DialogDescription>
        </DialogHeader>
        <FieldError id={`${id}-refusal`} message={refusal ?? undefined} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" disabled={isLoading} onClick={() => void charge()}>
            {FRONT_DESK_WORDS.chargeCardConfirm(balance)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
};
