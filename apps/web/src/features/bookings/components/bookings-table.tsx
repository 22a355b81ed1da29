import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDisplayFormat } from '@/lib/use-display-format';
import { adminStatusVariant, paymentVariant } from '../badge-variants';
import { BookingRowActions } from './booking-row-actions';

/**
 * SPEC section 2, Booking Management: customer, service, the bay it occupies, slot, payment and status, and the
 * actions a confirmed booking allows.
 */
export const BookingsTable = ({ bookings }: { bookings: readonly Booking[] }) => {
  const { day } = useDisplayFormat();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Customer</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Phone</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Bay</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Start Time</TableHead>
          <TableHead>End Time</TableHead>
          <TableHead>Payment</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {bookings.map((booking) => (
          <TableRow key={booking._id}>
            <TableCell className="font-medium">{booking.customer.firstName}</TableCell>
            <TableCell>{booking.customer.email}</TableCell>
            <TableCell>{booking.customer.phone ?? '-'}</TableCell>
            <TableCell>{booking.service.name}</TableCell>
            <TableCell>{booking.bay.name}</TableCell>
            <TableCell>{day(booking.slot.date)}</TableCell>
            <TableCell>{booking.slot.startTime}</TableCell>
            <TableCell>{booking.slot.endTime}</TableCell>
            <TableCell>
              <Badge variant={paymentVariant(booking.payment)}>{paymentWord(booking)}</Badge>
            </TableCell>
            <TableCell>
              <Badge variant={adminStatusVariant(booking.status)}>{statusWord(booking.status)}</Badge>
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
