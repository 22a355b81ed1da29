import { plateText, vehicleName } from '@carcare/contracts/vehicles-constants';

type BookedJob = {
  lines: readonly { kind: 'service' | 'addOn' }[];
  vehicleClass: { name: string } | null;
  vehicle: {
    nickname: string;
    year: number | null;
    make: string;
    model: string;
    plate: string | null;
    plateRegion: string;
  } | null;
};

/** Whether a booking was priced by a car: a vehicle, a class or an add-on. One without looks as it always did. */
export const isPricedByCar = (booking: BookedJob) =>
  booking.vehicle !== null || booking.vehicleClass !== null || booking.lines.some((line) => line.kind === 'addOn');

/** The booked vehicle as a booking names it: "Family SUV · ABC123 · CA"; null without one. */
export const bookedVehicleText = (booking: BookedJob) =>
  booking.vehicle ? [vehicleName(booking.vehicle), plateText(booking.vehicle)].filter(Boolean).join(' · ') : null;
