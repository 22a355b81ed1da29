import { siteHref } from '@carcare/contracts/site-routes';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bookings } from '../../../db/schema';

/** Where the customer opens a booking's checkout: our own page, which records the opening (`openCheckout`). */
export const checkoutDoorUrl = (publicUrl: string, sessionId: string) =>
  `${publicUrl}${siteHref('checkout', { session: sessionId })}`;

/**
 * How long an unpaid booking holds its time: until its checkout is opened, UNOPENED_HOLD_MINUTES, but never
 * longer than the payment hold of the Settings screen, which it runs to once opened (counted from its making).
 */
export const holdTimes = (paymentHoldMinutes: number, unopenedHoldMinutes: number) => ({
  holdMinutes: paymentHoldMinutes,
  unopenedHoldMinutes: Math.min(unopenedHoldMinutes, paymentHoldMinutes),
});

/**
 * Records that the customer opened the booking's checkout. The first time, a pending booking whose short
 * first hold has not run out is held for the full payment hold from its making: the time a visitor can
 * take without ever going to pay stays short (decision 025). Opening it again extends nothing.
 */
export async function openCheckout(
  db: Executor,
  bookingId: string,
  hold: { holdMinutes: number; unopenedHoldMinutes: number },
  now: Date = new Date(),
): Promise<void> {
  const extraMinutes = hold.holdMinutes - hold.unopenedHoldMinutes;
  await db
    .update(bookings)
    .set({
      checkoutOpenedAt: now,
      // A booking paid by an emailed link (the shop's, a waitlist offer's) holds its whole time from its making.
      holdExpiresAt: sql`case when ${bookings.payWith} = 'link' then ${bookings.holdExpiresAt} else ${bookings.holdExpiresAt} + make_interval(mins => ${extraMinutes}::integer) end`,
    })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'pending'),
        isNull(bookings.checkoutOpenedAt),
        gt(bookings.holdExpiresAt, now),
      ),
    );
}
