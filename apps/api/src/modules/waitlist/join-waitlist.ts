import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import type { JoinWaitlistInput, WaitlistEntry } from '@carcare/contracts/waitlist';
import { WAITLIST_MESSAGES } from '@carcare/contracts/waitlist-constants';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { vehicles, waitlistEntries, waitlistWindows } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { businessDate, timeToMinutes } from '../../lib/business-time';
import type { ShopState } from '../../plugins/shop-state';
import { jobSpanOf } from '../bookings/public';
import { findLiveService } from '../services/public';
import { LIVE_STATUSES } from './live-statuses';
import { entriesOfCustomer } from './waitlist-reads';

/**
 * Puts the customer on the waitlist of a service for up to three days and windows: each day from today to
 * the shop's horizon, the job as a booking names it (their own vehicle, or a class, and add-ons). One live
 * entry per customer and service: a second is refused while the first waits or holds an offer.
 */
export async function joinWaitlist(
  db: Database,
  customerId: string,
  input: JoinWaitlistInput,
  context: { shop: ShopState; publicUrl: string; now: Date },
): Promise<WaitlistEntry> {
  const { shop, publicUrl, now } = context;
  const service = await findLiveService(db, input.service);
  if (!service) throw new AppError(404, WAITLIST_MESSAGES.serviceUnknown);
  const { timeZone, bookingHorizonDays } = shop.settings;
  const today = businessDate(timeZone, now);
  const lastDate = businessDate(timeZone, now, bookingHorizonDays);
  for (const window of input.windows) {
    if (window.date < today) throw new AppError(400, WAITLIST_MESSAGES.datePast);
    if (window.date > lastDate) throw new AppError(400, WAITLIST_MESSAGES.dateBeyondHorizon);
  }
  if (input.vehicle !== undefined) {
    const [own] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.id, input.vehicle), eq(vehicles.customerId, customerId), isNull(vehicles.archivedAt)));
    if (!own) throw new AppError(404, VEHICLE_MESSAGES.notFound);
  }
  // The class and add-ons are judged as a booking's are: unknown, archived or not offered with the service.
  await jobSpanOf(db, input.service, {
    vehicleId: input.vehicle,
    vehicleClassId: input.vehicleClass,
    addOnIds: input.addOns,
  });
  const entryId = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerWaitlist', customerId);
    const [live] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.customerId, customerId),
          eq(waitlistEntries.serviceId, input.service),
          inArray(waitlistEntries.status, LIVE_STATUSES),
        ),
      );
    if (live) throw new AppError(409, WAITLIST_MESSAGES.alreadyWaiting);
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        customerId,
        serviceId: input.service,
        vehicleId: input.vehicle ?? null,
        vehicleClassId: input.vehicleClass ?? null,
        addOnIds: input.addOns ?? [],
      })
      .returning({ id: waitlistEntries.id });
    if (!entry) throw new Error('the waitlist entry was not stored');
    await tx.insert(waitlistWindows).values(
      input.windows.map((window) => ({
        entryId: entry.id,
        day: window.date,
        fromMinute: timeToMinutes(window.from),
        toMinute: timeToMinutes(window.to),
      })),
    );
    return entry.id;
  });
  const [created] = await entriesOfCustomer(db, customerId, { entryId, publicUrl });
  if (!created) throw new Error('the waitlist entry vanished after it was stored');
  return created;
}
