import type { Booking } from '@carcare/contracts/bookings';

type BookedVehicle = NonNullable<Booking['vehicle']>;

/** The vehicle as a sentence: "2021 Toyota RAV4, blue" (no year, no colour: left out). */
export function vehicleDescription(vehicle: BookedVehicle): string {
  const name = [vehicle.year?.toString() ?? '', vehicle.make, vehicle.model].filter((part) => part !== '').join(' ');
  return vehicle.colour === '' ? name : `${name}, ${vehicle.colour}`;
}

/** What the customer calls the vehicle: its nickname, else its year, make and model. */
export function vehicleName(vehicle: BookedVehicle): string {
  if (vehicle.nickname !== '') return vehicle.nickname;
  return [vehicle.year?.toString() ?? '', vehicle.make, vehicle.model].filter((part) => part !== '').join(' ');
}

/** The names of the booking's add-ons, in the order they were chosen. */
export function addOnNames(booking: Pick<Booking, 'lines'>): string[] {
  return booking.lines.filter((line) => line.kind === 'addOn').map((line) => line.name);
}
