import { paymentWord, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
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
import { vehicleLabel } from '@/lib/booking-vehicle';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { customerName, PAYMENT_BADGES, STATUS_BADGES, slotSpan } from '../board-booking';
import { clockText, heldMinutes } from '../board-layout';

/** '09:00–11:15': from the start for the job's minutes and the buffer. */
const heldSpan = (booking: Booking, timeZone: string) => {
  const { start, end } = heldMinutes(booking, timeZone);
  return `${clockText(start)}–${clockText(end)}`;
};

type BoardBookingDialogProps = {
  booking: Booking | null;
  /** The business's time zone, in which the bay's hold is told. */
  timeZone: string;
  onClose: () => void;
  /** The block the booking was opened from: the dialog has no trigger of its own to give the focus back to. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The booking's administrative actions, as Booking Management offers them. */
  renderActions: (booking: Booking) => ReactNode;
};

/** A booking chosen on the board: who, what, where and when, what was paid, and what can be done with it. */
export const BoardBookingDialog = ({
  booking,
  timeZone,
  onClose,
  returnFocusTo,
  renderActions,
}: BoardBookingDialogProps) => {
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
            {booking.vehicle ? (
              <>
                <dt className="text-muted-foreground">Vehicle</dt>
                <dd>{vehicleLabel(booking.vehicle)}</dd>
              </>
            ) : null}
            {booking.vehicleClass ? (
              <>
                <dt className="text-muted-foreground">Class</dt>
                <dd>{booking.vehicleClass.name}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Bay held</dt>
            <dd className="tabular-nums">{heldSpan(booking, timeZone)}</dd>
            {booking.lines.length > 1 ? (
              <>
                <dt className="text-muted-foreground">Lines</dt>
                <dd>
                  <ul aria-label="Lines">
                    {booking.lines.map((line) => (
                      <li key={`${line.kind}-${line.addOn ?? 'service'}`}>
                        {line.name}: {formatPrice(line.price, currency)}, {line.minutes} min
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Price</dt>
            <dd>{formatPrice(booking.total, currency)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={STATUS_BADGES[booking.status]}>{statusWord(booking.status)}</Badge>
              {booking.readyAt ? (
                <Badge variant="success" className="ml-1">
                  {READY_WORD}
                </Badge>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">Payment</dt>
            <dd>
              <Badge variant={PAYMENT_BADGES[booking.payment]}>{paymentWord(booking)}</Badge>
            </dd>
            {booking.balanceDue > 0 ? (
              <>
                <dt className="text-muted-foreground">Balance due</dt>
                <dd className="font-semibold" data-part="balance-due">
                  {formatPrice(booking.balanceDue, currency)}
                </dd>
              </>
            ) : null}
            {booking.customerNote ? (
              <>
                <dt className="text-muted-foreground">Customer's note</dt>
                <dd className="whitespace-pre-wrap break-words font-medium">{booking.customerNote}</dd>
              </>
            ) : null}
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
