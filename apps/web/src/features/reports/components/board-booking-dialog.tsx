import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import type { ReactNode, RefObject } from 'react';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { customerName, PAYMENT_BADGES, STATUS_BADGES, slotSpan } from '../board-booking';

type BoardBookingDialogProps = {
  booking: Booking | null;
  onClose: () => void;
  /** The block the booking was opened from: the dialog has no trigger of its own to give the focus back to. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The booking's administrative actions, as Booking Management offers them. */
  renderActions: (booking: Booking) => ReactNode;
};

/** A booking chosen on the board: who, what, where and when, what was paid, and what can be done with it. */
export const BoardBookingDialog = ({ booking, onClose, returnFocusTo, renderActions }: BoardBookingDialogProps) => {
  const currency = useCurrency();
  const { longDay } = useDisplayFormat();
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {booking ? (
        <DialogContent
          onCloseAutoFocus={(event) => {
            // A booking cancelled from the dialog has left the board: then the focus goes where Radix puts it.
            if (returnFocusTo.current?.isConnected) {
              event.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{customerName(booking)}</DialogTitle>
            <DialogDescription>
              {booking.service.name}, {longDay(booking.slot.date)} {slotSpan(booking)}
            </DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Bay</dt>
            <dd>{booking.bay.name}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-all">{booking.customer.email}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>{booking.customer.phone ?? '-'}</dd>
            <dt className="text-muted-foreground">Price</dt>
            <dd>{formatPrice(booking.service.price, currency)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={STATUS_BADGES[booking.status]}>{statusWord(booking.status)}</Badge>
            </dd>
            <dt className="text-muted-foreground">Payment</dt>
            <dd>
              <Badge variant={PAYMENT_BADGES[booking.payment]}>{paymentWord(booking)}</Badge>
            </dd>
            {booking.refund ? (
              <>
                <dt className="text-muted-foreground">Refund</dt>
                <dd>
                  {formatPrice(booking.refund.amount, currency)} ({booking.refund.status})
                </dd>
              </>
            ) : null}
          </dl>
          <DialogFooter className="items-center">{renderActions(booking)}</DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
};
