import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { adminStatusVariant, paymentVariant } from '../badge-variants';

/** SPEC section 2, Booking Management: customer, service, slot, payment and status. */
export const BookingsTable = ({ bookings }: { bookings: readonly Booking[] }) => (
  <Table>
    <TableHeader>
      <TableRow>
        <TableHead>Customer</TableHead>
        <TableHead>Email</TableHead>
        <TableHead>Phone</TableHead>
        <TableHead>Service</TableHead>
        <TableHead>Date</TableHead>
        <TableHead>Start Time</TableHead>
        <TableHead>End Time</TableHead>
        <TableHead>Payment</TableHead>
        <TableHead>Status</TableHead>
      </TableRow>
    </TableHeader>
    <TableBody>
      {bookings.map((booking) => (
        <TableRow key={booking._id}>
          <TableCell className="font-medium">{booking.customer.firstName}</TableCell>
          <TableCell>{booking.customer.email}</TableCell>
          <TableCell>{booking.customer.phone ?? '-'}</TableCell>
          <TableCell>{booking.service.name}</TableCell>
          <TableCell>{booking.slot.date}</TableCell>
          <TableCell>{booking.slot.startTime}</TableCell>
          <TableCell>{booking.slot.endTime}</TableCell>
          <TableCell>
            <Badge variant={paymentVariant(booking.payment)}>{booking.payment}</Badge>
          </TableCell>
          <TableCell>
            <Badge variant={adminStatusVariant(booking.status)}>{booking.status}</Badge>
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
