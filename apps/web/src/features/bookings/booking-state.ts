/**
 * SPEC section 3, "Booking client state": what the customer is booking, kept across the login round-trip, and
 * the job it is priced by: one of their vehicles or a vehicle class (ids, at most one set) and the add-ons
 * (ids separated by commas, as the slot queries take them). All empty: the service's base price.
 */
export type BookingState = {
  email: string;
  name: string;
  service: string;
  slot: string;
  user: string;
  vehicle: string;
  vehicleClass: string;
  addOns: string;
};

export const initialBookingState: BookingState = {
  email: '',
  name: '',
  service: '',
  slot: '',
  user: '',
  vehicle: '',
  vehicleClass: '',
  addOns: '',
};
