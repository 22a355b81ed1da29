import { Readable } from 'node:stream';
import { bookedByWord, PAY_WITH_WORDS, paymentWord, statusWord } from '@carcare/contracts/booking-words';
import type { Booking, BookingFilters } from '@carcare/contracts/bookings';
import { BOOKING_EXPORT_COLUMNS } from '@carcare/contracts/reports-constants';
import { stringify } from 'csv-stringify';
import type { Executor } from '../../../db/client';
import { matchingBookingBatches } from './booking-reads';
import { addOnNames, vehicleDescription } from './vehicle-words';

const money = (dollars: number) => dollars.toFixed(2);

/** What the export needs of the shop: its zone (for the date filters) and the currency its amounts are in. */
type ExportShop = { timeZone: string; currency: string };

function exportRow(booking: Booking, currency: string): string[] {
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
    statusWord(booking.status),
    paymentWord(booking),
    money(booking.service.price),
    booking.refund?.status === 'refunded' ? money(booking.refund.amount) : '',
    currency,
    booking.vehicle ? vehicleDescription(booking.vehicle) : '',
    booking.vehicle?.plate ?? '',
    booking.vehicleClass?.name ?? '',
    addOnNames(booking).join('; '),
    // From the ledger, as GET /api/bookings/{id} answers them.
    money(booking.amountPaid),
    money(booking.balanceDue),
    money(feesOf(booking)),
    PAY_WITH_WORDS[booking.payWith],
    bookedByWord(booking),
    booking.customerNote ?? '',
    booking.cancelReason ?? '',
  ];
}

/** The fees the booking's ledger holds (no-show, late cancellation), whatever was refunded of them. */
const feesOf = (booking: Booking) =>
  booking.payments.reduce((sum, payment) => (payment.kind === 'fee' ? sum + payment.amount : sum), 0);

async function* exportRows(db: Executor, filters: BookingFilters, shop: ExportShop) {
  for await (const batch of matchingBookingBatches(db, filters, shop.timeZone)) {
    for (const booking of batch) yield exportRow(booking, shop.currency);
  }
}

/**
 * The bookings matching the filters as RFC 4180 CSV (a header row, CRLF line ends, fields quoted when
 * they hold a comma, quote or line break), newest first. The stream reads one batch of bookings at a time
 * and only when the client has taken the previous one, so memory stays flat however many rows there are.
 * Status and payment read as on the screens ('Cancelled', 'Refunded'); days and times stay YYYY-MM-DD and
 * HH:MM, and amounts plain numbers in the currency of their column, for spreadsheets to compute with. The
 * car's columns come after: a booking that named none leaves them empty; then the ledger's money, how it is
 * paid, who booked it, the customer's note and the cancellation's reason.
 */
export function bookingsCsv(db: Executor, filters: BookingFilters, shop: ExportShop): Readable {
  const rows = Readable.from(exportRows(db, filters, shop));
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
