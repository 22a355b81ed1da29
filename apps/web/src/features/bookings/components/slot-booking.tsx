import type { Service } from '@carcare/contracts/services';

type SlotBookingProps = { service: Service };

/** Calendar, slots and Book This Service for one service; being built, renders nothing yet. */
export const SlotBooking = (_props: SlotBookingProps) => null;
