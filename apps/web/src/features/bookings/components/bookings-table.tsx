import { paymentWord, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { bookingAddOnNames, bookingVehicleLine } from '@/lib/booking-vehicle';
import { useDisplayFormat } from '@/lib/use-display-format';
import { adminStatusVariant, paymentVariant } from '../badge-variants';
import { BookingBalance } from './booking-balance';
import { BookingRowActions } from './booking-row-actions';

/**
 * The car and its class ('Toyota RAV4 · ABC123 · SUV'), the add-ons and the customer's own note, each line only when
 * the booking has it.
 */
export const BookingJobLines = ({ booking }: { booking: Booking }) => {
  const vehicle = bookingVehicleLine(booking);
  const addOns = bookingAddOnNames(booking);
  return (
    <>
      {vehicle ? (
        <div className="text-xs" data-part="vehicle">
          {vehicle}
        </div>
      ) : null}
      {addOns ? (
        <div className="text-muted-foreground text-xs" data-part="add-ons">
          + {addOns}
        </div>
      ) : null}
      {booking.customerNote ? (
        <div className="break-words font-medium text-xs" data-part="customer-note">
          Customer's note: {booking.customerNote}
        </div>
      ) : null}
    </>
  );
};

/**
 * SPEC section 2, Booking Management: the customer (full name, email, phone), the service with the car, its class
 * and add-ons, and the bay it occupies, the slot (date, start, end), payment and status, and the actions a
 * confirmed booking allows. Related facts share
 * a cell, one above the other, so that the whole row, status and actions included, fits a 1280 px laptop beside
 * the open sidebar without scrolling sideways.
 */
export const BookingsTable = ({ bookings }: { bookings: readonly Booking[] }) => {
  const { day, slotTimes } = useDisplayFormat();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Customer</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Slot</TableHead>
          <TableHead>Payment</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {bookings.map((booking) => (
          <TableRow key={booking._id}>
            <TableCell className="max-w-64 whitespace-normal">
              <div className="font-medium" data-part="name">
                {`${booking.customer.firstName} ${booking.customer.lastName}`.trim()}
              </div>
              <div className="break-all text-muted-foreground text-xs" data-part="email">
                {booking.customer.email}
              </div>
              <div className="text-muted-foreground text-xs" data-part="phone">
                {booking.customer.phone ?? '-'}
              </div>
            </TableCell>
            <TableCell className="max-w-64 whitespace-normal">
              <div data-part="service">{booking.service.name}</div>
              <BookingJobLines booking={booking} />
              <div className="text-muted-foreground text-xs" data-part="bay">
                {booking.bay.name}
              </div>
            </TableCell>
            <TableCell>
              <div data-part="date">{day(booking.slot.date)}</div>
              <div className="text-muted-foreground text-xs tabular-nums" data-part="time">
                {slotTimes(booking.slot)}
              </div>
            </TableCell>
            <TableCell>
              <Badge variant={paymentVariant(booking.payment)}>{paymentWord(booking)}</Badge>
              <BookingBalance booking={booking} />
            </TableCell>
            <TableCell>
              <Badge variant={adminStatusVariant(booking.status)}>{statusWord(booking.status)}</Badge>
              {booking.readyAt ? (
                <Badge variant="success" className="ml-1">
                  {READY_WORD}
                </Badge>
              ) : null}
            </TableCell>
            <TableCell className="text-right">
              <BookingRowActions booking={booking} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
