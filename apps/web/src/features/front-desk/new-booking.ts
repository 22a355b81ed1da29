import type { CreateBookingInput } from '@carcare/contracts/bookings';
import type { Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_LIMITS, FRONT_DESK_MESSAGES, type PayWith } from '@carcare/contracts/front-desk-constants';
import type { JobVehicle } from './components/job-vehicle-select';
import { NEW_BOOKING_WORDS } from './front-desk-words';

/** A free time of a day, or now for a car that is here. */
export type Timing = 'slot' | 'walkIn';

/** What the front desk has chosen so far. */
export type NewBookingChoice = {
  customer: Customer | null;
  service: string;
  vehicle: JobVehicle;
  addOns: readonly string[];
  timing: Timing;
  slot: string;
  payWith: PayWith;
  note: string;
  /** The version of the shop's terms the customer accepted at the desk; undefined when they did not. */
  acceptPolicy?: number;
};

/** What is still missing before the booking can be sent, in the page's order; null once nothing is. */
export const missingForBooking = (choice: NewBookingChoice): string | null => {
  if (!choice.customer) return NEW_BOOKING_WORDS.customerFirst;
  if (!choice.service) return NEW_BOOKING_WORDS.serviceFirst;
  if (choice.timing === 'slot' && !choice.slot) return NEW_BOOKING_WORDS.slotFirst;
  if (choice.note.trim().length > FRONT_DESK_LIMITS.customerNote) return FRONT_DESK_MESSAGES.customerNoteTooLong;
  return null;
};

/**
 * `POST /api/bookings` as the shop sends it: the customer, how it is paid, a slot or `walkIn: true`, the car
 * or its class, the add-ons and the customer's note, each left out when there is none.
 */
export const newBookingBody = (choice: NewBookingChoice, customer: Customer): CreateBookingInput => {
  const note = choice.note.trim();
  const { vehicle, vehicleClass } = choice.vehicle;
  return {
    service: choice.service,
    customer: customer._id,
    payWith: choice.payWith,
    ...(choice.timing === 'walkIn' ? { walkIn: true } : { slot: choice.slot }),
    ...(vehicle ? { vehicle } : vehicleClass ? { vehicleClass } : {}),
    ...(choice.addOns.length > 0 ? { addOns: [...choice.addOns] } : {}),
    ...(note ? { note } : {}),
    ...(choice.acceptPolicy !== undefined ? { acceptPolicy: choice.acceptPolicy } : {}),
  };
};
