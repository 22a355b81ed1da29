import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import type { BookingStatus } from '@carcare/contracts/bookings-constants';

export const customerName = ({ customer }: Booking) => `${customer.firstName} ${customer.lastName}`.trim();

export const slotSpan = ({ slot }: Booking) => `${slot.startTime}–${slot.endTime}`;

/** What a block says to a screen reader: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid'. */
export const blockLabel = (booking: Booking) =>
  [
    customerName(booking),
    booking.service.name,
    slotSpan(booking),
    statusWord(booking.status),
    paymentWord(booking),
  ].join(', ');

/**
 * A block's colours by status: awaiting payment dashed, confirmed in the primary colour, completed in green, a
 * no-show greyed. Cancelled bookings free their bay and are not on the board.
 */
export const BLOCK_STYLES = {
  pending: 'border-dashed border-primary/60 bg-background',
  confirm: 'border-primary/40 bg-primary/15',
  completed: 'border-success/40 bg-success/15',
  no_show: 'border-border bg-muted text-muted-foreground',
  cancel: 'border-destructive/40 bg-destructive/10',
} as const satisfies Record<BookingStatus, string>;

export const STATUS_BADGES = {
  pending: 'outline',
  confirm: 'default',
  completed: 'success',
  no_show: 'muted',
  cancel: 'destructive',
} as const satisfies Record<BookingStatus, string>;

export const PAYMENT_BADGES = { paid: 'default', unpaid: 'outline', failed: 'destructive' } as const satisfies Record<
  Booking['payment'],
  string
>;
