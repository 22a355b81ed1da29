import type { Slot } from '@carcare/contracts/slots';

/** SPEC section 3: booked and cancelled slots cannot be chosen; any other status counts as available. */
export const isSlotBookable = (slot: Pick<Slot, 'isBooked'>) =>
  slot.isBooked !== 'booked' && slot.isBooked !== 'cancel';
