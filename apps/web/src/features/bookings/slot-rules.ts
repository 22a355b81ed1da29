import type { Slot } from '@carcare/contracts/slots';

/** SPEC section 3: booked and cancelled slots cannot be chosen; any other status counts as available. */
export const isSlotBookable = (slot: Pick<Slot, 'isBooked'>) =>
  slot.isBooked !== 'booked' && slot.isBooked !== 'cancel';

/**
 * Whether a slot says how many bays are free: only once more than one bay may take its service, so a one-bay
 * shop looks exactly as SPEC.md says, and never for a cancelled slot, whose bays are not on offer.
 */
export const showsBaysFree = (slot: Pick<Slot, 'isBooked' | 'capacity'>) =>
  slot.capacity > 1 && slot.isBooked !== 'cancel';
