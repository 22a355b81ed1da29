import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { bookings } from '../../../db/schema';
import type { Mailer } from '../../../lib/mailer';
import { getBooking } from '../reads/booking-reads';
import { bookingReminderEmail } from './booking-emails';
import { type Texting, textReminder } from './send-booking-texts';
import type { ShopDetails } from './shop-details';

/**
 * A claim this old whose reminder was never marked sent belongs to an instance that died while sending:
 * another may take it over. Far longer than one send takes, so a live instance is never overtaken.
 */
export const STALE_REMINDER_CLAIM_MS = 5 * 60_000;

const PAGE_SIZE = 50;

/** Confirmed, not reminded, and starting after `now` but within the reminder window. */
const due = (now: Date, windowEnd: Date) =>
  and(
    eq(bookings.status, 'confirm'),
    isNull(bookings.reminderSentAt),
    gt(bookings.occupiedFrom, now),
    lte(bookings.occupiedFrom, windowEnd),
  );

/** Nobody has taken it on, or whoever did has not finished in STALE_REMINDER_CLAIM_MS. */
const unclaimed = (now: Date) =>
  or(
    isNull(bookings.reminderClaimedAt),
    lte(bookings.reminderClaimedAt, new Date(now.getTime() - STALE_REMINDER_CLAIM_MS)),
  );

type Run = {
  db: Database;
  mailer: Mailer;
  shop: ShopDetails;
  log: FastifyBaseLogger;
  now: Date;
  windowEnd: Date;
  texting: Texting | undefined;
};

/**
 * Claims one booking's reminder with a conditional update (of instances that try at once, exactly one gets
 * the row), sends it, then marks it sent. A send that fails gives the claim up, for the next run to try again;
 * a booking moved meanwhile (its claim cleared by the reschedule) stays due for its new time.
 */
async function remind(run: Run, bookingId: string): Promise<boolean> {
  const { db, now } = run;
  const [claimed] = await db
    .update(bookings)
    .set({ reminderClaimedAt: now })
    .where(and(eq(bookings.id, bookingId), due(now, run.windowEnd), unclaimed(now)))
    .returning({ id: bookings.id });
  if (!claimed) return false;
  const ours = and(eq(bookings.id, bookingId), eq(bookings.reminderClaimedAt, now), isNull(bookings.reminderSentAt));
  try {
    const booking = await getBooking(db, bookingId);
    if (!booking) throw new Error(`booking ${bookingId} vanished while being reminded`);
    // Its text beside it, for a customer who takes texts: queued once per start time, however often this runs.
    if (run.texting) await textReminder({ db, shop: run.shop, texting: run.texting }, booking, now);
    await run.mailer.send(bookingReminderEmail(booking, run.shop));
  } catch (error) {
    run.log.error({ err: error, bookingId }, 'could not send a booking reminder; the next run tries again');
    await db.update(bookings).set({ reminderClaimedAt: null }).where(ours);
    return false;
  }
  await db.update(bookings).set({ reminderSentAt: now }).where(ours);
  return true;
}

/**
 * The reminder job: emails each confirmed booking that starts within the shop's reminder lead time (hours),
 * once, however many instances run it, and queues its text for a customer who takes texts. A booking whose
 * window opened while no instance was running is still reminded if it has not started; one that has started
 * never is. Returns how many reminders it sent.
 */
export async function sendDueReminders(
  db: Database,
  mailer: Mailer,
  shop: ShopDetails,
  log: FastifyBaseLogger,
  now: Date = new Date(),
  /** Where the reminder's text is queued; left out, only the email goes. */
  texting?: Texting,
): Promise<number> {
  const windowEnd = new Date(now.getTime() + shop.reminderHoursBefore * 3_600_000);
  const run: Run = { db, mailer, shop, log, now, windowEnd, texting };
  let sent = 0;
  let after: { occupiedFrom: Date; id: string } | undefined;
  // Page by start time: a reminder given up on is not tried again in the same run.
  for (;;) {
    const page = await db
      .select({ id: bookings.id, occupiedFrom: bookings.occupiedFrom })
      .from(bookings)
      .where(
        and(
          due(now, windowEnd),
          unclaimed(now),
          after &&
            or(
              gt(bookings.occupiedFrom, after.occupiedFrom),
              and(eq(bookings.occupiedFrom, after.occupiedFrom), gt(bookings.id, after.id)),
            ),
        ),
      )
      .orderBy(asc(bookings.occupiedFrom), asc(bookings.id))
      .limit(PAGE_SIZE);
    for (const candidate of page) {
      if (await remind(run, candidate.id)) sent += 1;
    }
    if (page.length < PAGE_SIZE) return sent;
    after = page.at(-1);
  }
}
