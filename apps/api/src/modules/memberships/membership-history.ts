import type { MembershipHistory } from '@carcare/contracts/memberships';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, membershipPayments, redemptions, services, slots, vehicles } from '../../db/schema';

/** The washes a membership paid (given back ones marked) and the money it took, newest first. */
export async function membershipHistory(db: Executor, membershipId: string): Promise<MembershipHistory> {
  const [washes, payments] = await Promise.all([
    db
      .select({
        booking: redemptions.bookingId,
        service: services.name,
        date: slots.date,
        make: vehicles.make,
        model: vehicles.model,
        plate: vehicles.plate,
        returnedAt: redemptions.returnedAt,
      })
      .from(redemptions)
      .innerJoin(bookings, eq(bookings.id, redemptions.bookingId))
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .leftJoin(vehicles, eq(vehicles.id, redemptions.vehicleId))
      .where(eq(redemptions.membershipId, membershipId))
      .orderBy(desc(slots.startsAt), desc(redemptions.id)),
    db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.membershipId, membershipId))
      .orderBy(desc(membershipPayments.createdAt), desc(membershipPayments.id)),
  ]);
  return {
    washes: washes.map((wash) => ({
      booking: wash.booking,
      service: wash.service,
      date: wash.date,
      vehicle: wash.make ? `${wash.make} ${wash.model ?? ''}`.trim() + (wash.plate ? ` (${wash.plate})` : '') : null,
      returned: wash.returnedAt !== null,
    })),
    payments: payments.map((payment) => ({
      kind: payment.kind,
      method: payment.method,
      amount: payment.amountCents / 100,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
