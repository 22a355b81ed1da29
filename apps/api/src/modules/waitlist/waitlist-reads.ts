import type { WaitlistDayEntry, WaitlistEntry, WaitlistOffer } from '@carcare/contracts/waitlist';
import { and, asc, desc, eq, exists, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bookings,
  payments,
  services,
  slots,
  users,
  waitlistEntries,
  waitlistOffers,
  waitlistWindows,
} from '../../db/schema';
import { minutesToTime } from '../../lib/business-time';
import { checkoutDoorUrl } from '../bookings/public';
import { offerOutcome } from './settle-offers';

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function selectEntries(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      serviceId: services.id,
      serviceName: services.name,
      vehicleId: waitlistEntries.vehicleId,
      vehicleClassId: waitlistEntries.vehicleClassId,
      addOnIds: waitlistEntries.addOnIds,
      createdAt: waitlistEntries.createdAt,
      customer: {
        _id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(where)
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** The entries' windows and latest offers, as their customers and staff see them. */
async function withWindowsAndOffers(db: Executor, rows: EntryRow[], publicUrl: string): Promise<WaitlistDayEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [windows, offers] = await Promise.all([
    db
      .select()
      .from(waitlistWindows)
      .where(inArray(waitlistWindows.entryId, ids))
      .orderBy(asc(waitlistWindows.day), asc(waitlistWindows.fromMinute)),
    db
      .select({
        id: waitlistOffers.id,
        entryId: waitlistOffers.entryId,
        status: waitlistOffers.status,
        bookingId: waitlistOffers.bookingId,
        bookingStatus: bookings.status,
        bookingPayment: bookings.payment,
        startsAt: waitlistOffers.startsAt,
        expiresAt: waitlistOffers.expiresAt,
        date: slots.date,
        startTime: slots.startTime,
        sessionId: payments.sessionId,
      })
      .from(waitlistOffers)
      .innerJoin(bookings, eq(bookings.id, waitlistOffers.bookingId))
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .leftJoin(
        payments,
        and(
          eq(payments.bookingId, waitlistOffers.bookingId),
          eq(payments.status, 'open'),
          eq(waitlistOffers.status, 'open'),
        ),
      )
      .where(inArray(waitlistOffers.entryId, ids))
      .orderBy(desc(waitlistOffers.createdAt)),
  ]);
  const latestOffer = new Map<string, WaitlistOffer>();
  for (const offer of offers) {
    if (latestOffer.has(offer.entryId)) continue;
    // An open offer whose booking was paid or ended reads as the next run will decide it.
    const status =
      offer.status === 'open'
        ? offerOutcome({ status: offer.bookingStatus, payment: offer.bookingPayment })
        : offer.status;
    latestOffer.set(offer.entryId, {
      _id: offer.id,
      status,
      booking: offer.bookingId,
      startsAt: offer.startsAt.toISOString(),
      date: offer.date,
      startTime: offer.startTime,
      expiresAt: offer.expiresAt.toISOString(),
      paymentUrl: status === 'open' && offer.sessionId ? checkoutDoorUrl(publicUrl, offer.sessionId) : null,
    });
  }
  /** An entry holding an offer reads as what became of the offer: booked once taken, waiting again once lapsed. */
  const statusOf = (row: EntryRow) => {
    const offer = latestOffer.get(row.id);
    if (row.status !== 'offered' || offer === undefined) return row.status;
    if (offer.status === 'taken') return 'booked' as const;
    if (offer.status === 'lapsed') return 'waiting' as const;
    return row.status;
  };
  return rows.map((row) => ({
    _id: row.id,
    status: statusOf(row),
    service: { _id: row.serviceId, name: row.serviceName },
    vehicle: row.vehicleId,
    vehicleClass: row.vehicleClassId,
    addOns: row.addOnIds,
    windows: windows
      .filter((window) => window.entryId === row.id)
      .map((window) => ({
        date: window.day,
        from: minutesToTime(window.fromMinute),
        to: minutesToTime(window.toMinute),
      })),
    offer: latestOffer.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    customer: row.customer,
  }));
}

/** The customer's entries (or the one named), oldest first, each with its latest offer. */
export async function entriesOfCustomer(
  db: Executor,
  customerId: string,
  options: { publicUrl: string; entryId?: string },
): Promise<WaitlistEntry[]> {
  const rows = await selectEntries(
    db,
    and(
      eq(waitlistEntries.customerId, customerId),
      options.entryId === undefined ? undefined : eq(waitlistEntries.id, options.entryId),
    ),
  );
  const entries = await withWindowsAndOffers(db, rows, options.publicUrl);
  return entries.map(({ customer: _customer, ...entry }) => entry);
}

/** The waitlist of a day as staff read it: every entry with a window on the day but those left, in queue order. */
export async function entriesOfDay(db: Executor, date: string, publicUrl: string): Promise<WaitlistDayEntry[]> {
  const onTheDay = exists(
    db
      .select({ entryId: waitlistWindows.entryId })
      .from(waitlistWindows)
      .where(and(eq(waitlistWindows.entryId, waitlistEntries.id), eq(waitlistWindows.day, date))),
  );
  const rows = await selectEntries(db, and(onTheDay, ne(waitlistEntries.status, 'left')));
  return withWindowsAndOffers(db, rows, publicUrl);
}
