import { paymentWord, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import type { BookingStatus } from '@carcare/contracts/bookings-constants';

export const customerName = ({ customer }: Booking) => `${customer.firstName} ${customer.lastName}`.trim();

export const slotSpan = ({ slot }: Booking) => `${slot.startTime}–${slot.endTime}`;

/**
 * The car as the bay knows it: its plate (its make and model when it has none) and its class, 'ABC123 · SUV'; null
 * for a booking that named neither.
 */
export const boardVehicle = ({ vehicle, vehicleClass }: Pick<Booking, 'vehicle' | 'vehicleClass'>) => {
  const car = vehicle ? (vehicle.plate ?? `${vehicle.make} ${vehicle.model}`.trim()) : null;
  const parts = [car, vehicleClass?.name ?? null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
};

/** What is still to be paid on the car, '$20 due'; null when nothing is (paid up, or cancelled). */
export const balanceDueText = ({ balanceDue }: Pick<Booking, 'balanceDue'>, money: (amount: number) => string) =>
  balanceDue > 0 ? `${money(balanceDue)} due` : null;

/**
 * What a block says to a screen reader: 'Jane Doe, Premium Wash, 09:00–10:00, Confirmed, Paid', with the car after
 * the service when the booking has one ('…, Premium Wash, ABC123 · SUV, 09:00–10:00, …').
 */
export const blockLabel = (booking: Booking) =>
  [
    customerName(booking),
    booking.service.name,
    ...(boardVehicle(booking) ? [boardVehicle(booking)] : []),
    slotSpan(booking),
    statusWord(booking.status),
    ...(booking.readyAt ? [READY_WORD] : []),
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
