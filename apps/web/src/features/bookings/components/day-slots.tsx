import type { Slot } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { SlotOption } from './slot-option';

type DaySlotsProps = { slots: readonly Slot[]; selectedSlot: string; onSelect: (slotId: string) => void };

/** The chosen day's slots, or 'No slot available'. */
export const DaySlots = ({ slots, selectedSlot, onSelect }: DaySlotsProps) => {
  if (slots.length === 0) return <p className="text-muted-foreground">{SLOT_MESSAGES.noSlots}</p>;
  return (
    <ul aria-label="Available slots" className="flex flex-wrap gap-2">
      {slots.map((slot) => (
        <li key={slot._id}>
          <SlotOption slot={slot} selected={slot._id === selectedSlot} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
};
