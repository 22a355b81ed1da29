import type { Booking } from '@carcare/contracts/bookings';
import { vehicleName } from '../reads/vehicle-words';
import { formatMoney, type ShopDetails } from './shop-details';

/**
 * Whether the booking was priced by the car: it named a class or took an add-on. Such a booking's emails and
 * event give its lines and total; one that named neither reads as bookings always have.
 */
export const pricedByCar = (booking: Booking) =>
  booking.vehicleClass !== null || booking.lines.some((line) => line.kind === 'addOn');

/** The vehicle as the customer knows it, with its plate: "Bluey, AB12CD" or "2021 Toyota RAV4, AB12CD". */
export const bookedVehicleWords = (vehicle: NonNullable<Booking['vehicle']>) =>
  vehicle.plate ? `${vehicleName(vehicle)}, ${vehicle.plate}` : vehicleName(vehicle);

/**
 * What a booking says of its car, label and value, in the order shown: the vehicle, the class, then (priced
 * by the car) each line with its price and the total. Nothing for a booking that named no car.
 */
export function carDetails(booking: Booking, shop: ShopDetails): Array<readonly [label: string, value: string]> {
  return [
    ...(booking.vehicle ? [['Vehicle', bookedVehicleWords(booking.vehicle)] as const] : []),
    ...(booking.vehicleClass ? [['Class', booking.vehicleClass.name] as const] : []),
    ...(pricedByCar(booking)
      ? [
          ...booking.lines.map((line) => [line.name, formatMoney(line.price, shop)] as const),
          ['Total', formatMoney(booking.total, shop)] as const,
        ]
      : []),
  ];
}
