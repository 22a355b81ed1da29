import type { Booking } from '@carcare/contracts/bookings';

/** The vehicle as staff recognise it in the bay: 'Toyota RAV4 · ABC123', or its make and model when it has no plate. */
export const vehicleLabel = (vehicle: NonNullable<Booking['vehicle']>) =>
  [`${vehicle.make} ${vehicle.model}`.trim(), vehicle.plate].filter(Boolean).join(' · ');

/** A booking's car in one line, 'Toyota RAV4 · ABC123 · SUV'; null for a booking that named neither vehicle nor class. */
export const bookingVehicleLine = ({ vehicle, vehicleClass }: Pick<Booking, 'vehicle' | 'vehicleClass'>) => {
  const parts = [vehicle ? vehicleLabel(vehicle) : null, vehicleClass?.name ?? null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
};

/** The add-ons a booking was priced with, by name: 'Pet hair removal, Engine bay'; null when it had none. */
export const bookingAddOnNames = ({ lines }: Pick<Booking, 'lines'>) => {
  const names = lines.filter((line) => line.kind === 'addOn').map((line) => line.name);
  return names.length > 0 ? names.join(', ') : null;
};
