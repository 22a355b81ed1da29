import { Readable } from 'node:stream';
import type { Booking, BookingFilters } from '@carcare/contracts/bookings';
import { BOOKING_EXPORT_COLUMNS } from '@carcare/contracts/reports-constants';
import { stringify } from 'csv-stringify';
import type { Executor } from '../../db/client';
import { matchingBookingBatches } from './booking-reads';

const money = (dollars: number) => dollars.toFixed(2);

function exportRow(booking: Booking): string[] {
  return [
    booking._id,
    booking.createdAt,
    booking.slot.date,
    booking.slot.startTime,
    booking.slot.endTime,
    booking.service.name,
    booking.bay.name,
    `${booking.customer.firstName} ${booking.customer.lastName}`,
    booking.customer.email,
    booking.customer.phone ?? '',
    booking.status,
    booking.payment,
    money(booking.service.price),
    booking.refund?.status === 'refunded' ? money(booking.refund.amount) : '',
  ];
}

async function* exportRows(db: Executor, filters: BookingFilters, timeZone: string) {
  for await (const batch of matchingBookingBatches(db, filters, timeZone)) {
    for (const booking of batch) yield exportRow(booking);
  }
}

/**
 * The bookings matching the filters as RFC 4180 CSV (a header row, CRLF line ends, fields quoted when
 * they hold a comma, quote or line break), newest first. The stream reads one batch of bookings at a time
 * and only when the client has taken the previous one, so memory stays flat however many rows there are.
 */
export function bookingsCsv(db: Executor, filters: BookingFilters, timeZone: string): Readable {
  const rows = Readable.from(exportRows(db, filters, timeZone));
  const csv = stringify({
    header: true,
    columns: [...BOOKING_EXPORT_COLUMNS],
    record_delimiter: 'windows',
    // Every field a spreadsheet would read as a formula (=, +, -, @, tab or carriage return first, or their
    // full-width forms) gets a leading apostrophe, whichever column it is in: opening the export never runs
    // what a customer typed, and a phone's + is kept as text rather than read as a sign.
    escape_formulas: true,
  });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
