import type { Booking } from '@carcare/contracts/bookings';
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { eq } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Executor } from '../../../db/client';
import { bookings } from '../../../db/schema';
import type { MailAttachment } from '../../../lib/mailer';
import { bookedVehicleWords, jobEndsAt, pricedByCar } from './booking-car';
import { formatMoney, myBookingsUrl, type ShopDetails } from './shop-details';

const EVENT_STATUS: Record<Booking['status'], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirm: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancel: ICalEventStatus.CANCELLED,
};

/** The calendar file of a booking: its name, and the iCalendar text. */
export type CalendarFile = { filename: string; content: string };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The shop's zone when a VTIMEZONE can be written for it (RFC 5545 wants one for every TZID); otherwise,
 * and for UTC, null: the times are then written as UTC instants, which every calendar reads the same.
 */
function eventTimeZone(timeZone: string): string | null {
  if (timeZone === 'UTC') return null;
  return getVtimezoneComponent(timeZone) ? timeZone : null;
}

/**
 * How many times the booking may have changed, as SEQUENCE: the seconds from its creation to its last
 * change. It only grows, so a calendar given the event again (moved to another slot) replaces its copy.
 */
async function revisionOf(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ createdAt: bookings.createdAt, updatedAt: bookings.updatedAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) return 0;
  return Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000));
}

type CalendarOptions = {
  revision: number;
  now?: Date;
  /**
   * The file that takes the event out of the customer's calendar (RFC 5546 CANCEL): same UID, a higher
   * SEQUENCE than any file sent before, STATUS:CANCELLED, from the shop as organizer to the customer.
   */
  cancel?: boolean;
};

/**
 * The booking as one RFC 5545 event: the same UID for the life of the booking, the slot's times in the
 * shop's time zone, where the shop is and how to reach it.
 */
export function bookingCalendar(booking: Booking, shop: ShopDetails, options: CalendarOptions): CalendarFile {
  const zone = eventTimeZone(shop.timeZone);
  const at = (instant: string) => (zone ? new TZDate(Date.parse(instant), zone) : new Date(instant));
  const calendar = ical({
    prodId: { company: shop.name, product: 'Bookings', language: 'EN' },
    method: options.cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No zone of the calendar's own, so that DTSTAMP stays in UTC; the event's zone gets its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: `${booking._id}@${new URL(shop.publicUrl).hostname}`,
    // The revision counts whole seconds: a cancellation within the second of the last file still outranks it.
    sequence: options.cancel ? options.revision + 1 : options.revision,
    stamp: options.now ?? new Date(),
    start: at(booking.slot.startsAt),
    // The event lasts the job: a bigger vehicle and add-ons take longer than the slot.
    end: at(jobEndsAt(booking)),
    timezone: zone,
    status: options.cancel ? ICalEventStatus.CANCELLED : EVENT_STATUS[booking.status],
    ...(options.cancel
      ? {
          organizer: { name: shop.name, email: shop.contact.email },
          attendees: [
            {
              name: `${booking.customer.firstName} ${booking.customer.lastName}`.trim(),
              email: booking.customer.email,
            },
          ],
        }
      : {}),
    summary: `${booking.service.name} at ${shop.name}`,
    location: shop.contact.address,
    description: [
      `${booking.service.name}, ${pricedByCar(booking) ? booking.duration : booking.service.duration} minutes`,
      `Bay: ${booking.bay.name}`,
      ...(booking.vehicle ? [`Vehicle: ${bookedVehicleWords(booking.vehicle)}`] : []),
      ...(booking.vehicleClass ? [`Class: ${booking.vehicleClass.name}`] : []),
      ...(pricedByCar(booking)
        ? [
            ...booking.lines.map((line) => `${line.name}: ${formatMoney(line.price, shop)}`),
            `Total: ${formatMoney(booking.total, shop)}`,
          ]
        : [`Price: ${formatMoney(booking.service.price, shop)}`]),
      '',
      `To cancel or move it: ${myBookingsUrl(shop)}`,
      `${shop.name}: ${shop.contact.phone}, ${shop.contact.email}`,
    ].join('\n'),
    url: myBookingsUrl(shop),
  });
  const name = [slug(shop.name), slug(booking.service.name)].filter(Boolean).join('-') || 'booking';
  return { filename: `${name}-${booking.slot.date}.ics`, content: calendar.toString() };
}

/** The booking's calendar file as it stands now; with `cancel`, the file that removes it from calendars. */
export async function calendarFileOf(
  db: Executor,
  booking: Booking,
  shop: ShopDetails,
  options: { cancel?: boolean } = {},
): Promise<CalendarFile> {
  return bookingCalendar(booking, shop, { revision: await revisionOf(db, booking._id), cancel: options.cancel });
}

export const calendarAttachment = (file: CalendarFile, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): MailAttachment => ({
  filename: file.filename,
  content: file.content,
  contentType: `text/calendar; charset=utf-8; method=${method}`,
});
