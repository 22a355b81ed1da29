import type { Booking } from '@carcare/contracts/bookings';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDisplayFormat } from '@/lib/use-display-format';
import { FRONT_DESK_WORDS } from '../front-desk-words';
import { BookingFees } from './booking-fees';
import { BookingMoney } from './booking-money';
import { BookingNotes } from './booking-notes';

type BookingDetailsDialogProps = { booking: Booking; onClose: () => void };

/**
 * A booking's details for the shop: the customer's own note first and plainly, then the money (paid, due, the
 * payment lines, Take payment, Charge card on file), the fees
 * (each one's standing, Waive), then the shop's notes.
 */
export const BookingDetailsDialog = ({ booking, onClose }: BookingDetailsDialogProps) => {
  const { when } = useDisplayFormat();
  const customer = `${booking.customer.firstName} ${booking.customer.lastName}`.trim();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{`${customer}: ${FRONT_DESK_WORDS.detailsItem.toLowerCase()}`}</DialogTitle>
          <DialogDescription>
            {booking.service.name}, {when(booking.slot)}
          </DialogDescription>
        </DialogHeader>
        {booking.customerNote ? (
          <section
            aria-label={FRONT_DESK_WORDS.customerNote}
            className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
          >
            <h3 className="font-semibold">{FRONT_DESK_WORDS.customerNote}</h3>
            <p className="whitespace-pre-wrap break-words">{booking.customerNote}</p>
          </section>
        ) : null}
        {booking.cancelReason ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Cancelled: </span>
            {booking.cancelReason}
          </p>
        ) : null}
        <BookingMoney booking={booking} />
        <BookingFees booking={booking} />
        <BookingNotes bookingId={booking._id} />
      </DialogContent>
    </Dialog>
  );
};
