import type { Booking } from '@carcare/contracts/bookings';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { vehicleName } from '../reads/vehicle-words';
import { formatMoney, formatTimes, type ShopDetails } from './shop-details';

/**
 * Whether the booking was priced by the car: it named a class or took an add-on. Such a booking's emails and
 * event give its lines and total; one that named neither reads as bookings always have.
 */
export const pricedByCar = (booking: Booking) =>
  booking.vehicleClass !== null || booking.lines.some((line) => line.kind === 'addOn');

/** When the job is done: its start and its minutes (a bigger class, add-ons); SPEC.md's booking, its slot's end. */
export const jobEndsAt = (booking: Booking): string =>
  pricedByCar(booking)
    ? new Date(Date.parse(booking.slot.startsAt) + booking.duration * 60_000).toISOString()
    : booking.slot.endsAt;

/** The job's times on the shop's clock: "08:00–12:15 (Asia/Dhaka)". */
export const formatJobTimes = (booking: Booking, shop: ShopDetails) =>
  pricedByCar(booking)
    ? `${booking.slot.startTime}–${format(new TZDate(Date.parse(jobEndsAt(booking)), shop.timeZone), 'HH:mm')} (${shop.timeZone})`
    : formatTimes(booking.slot, shop);

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
