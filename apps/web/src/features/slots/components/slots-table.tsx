import type { Slot } from '@carcare/contracts/slots';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SlotAction } from './slot-action';

/** SPEC section 2, Slot Management: Start Time, End Time, Date, Status, Service, Actions. */
export const SlotsTable = ({ slots }: { slots: readonly Slot[] }) => (
  <Table>
    <TableHeader>
      <TableRow>
        <TableHead>Start Time</TableHead>
        <TableHead>End Time</TableHead>
        <TableHead>Date</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Service</TableHead>
        <TableHead>Actions</TableHead>
      </TableRow>
    </TableHeader>
    <TableBody>
      {slots.map((slot) => (
        <TableRow key={slot._id}>
          <TableCell>{slot.startTime}</TableCell>
          <TableCell>{slot.endTime}</TableCell>
          <TableCell>{slot.date}</TableCell>
          <TableCell>{slot.isBooked === 'booked' ? 'Booked' : '-'}</TableCell>
          <TableCell>{slot.service.name}</TableCell>
          <TableCell>
            <SlotAction slot={slot} />
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
