import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import type { AdminSlot } from '@carcare/contracts/slots';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDisplayFormat } from '@/lib/use-display-format';
import { SLOT_ORIGIN_WORDS } from '../slot-filters';
import { SlotAction } from './slot-action';

/**
 * SPEC section 2, Slot Management: Start Time, End Time, Date, Status, Service, then the bays free, whether the
 * shop's hours or an administrator made the slot, Actions.
 */
export const SlotsTable = ({ slots }: { slots: readonly AdminSlot[] }) => {
  const { day } = useDisplayFormat();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Start Time</TableHead>
          <TableHead>End Time</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Service</TableHead>
          <TableHead>Bays</TableHead>
          <TableHead>Origin</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {slots.map((slot) => (
          <TableRow key={slot._id}>
            <TableCell>{slot.startTime}</TableCell>
            <TableCell>{slot.endTime}</TableCell>
            <TableCell>{day(slot.date)}</TableCell>
            <TableCell>{slot.isBooked === 'booked' ? 'Booked' : '-'}</TableCell>
            <TableCell>{slot.service.name}</TableCell>
            <TableCell>{BAY_MESSAGES.remaining(slot.remaining, slot.capacity)}</TableCell>
            <TableCell>
              <Badge variant={slot.origin === 'generated' ? 'muted' : 'outline'}>
                {SLOT_ORIGIN_WORDS[slot.origin]}
              </Badge>
            </TableCell>
            <TableCell>
              <SlotAction slot={slot} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
