import { inArray } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { bays, bookingLines, bookings, services, slots } from '../src/db/schema';
import { utcSlotRow } from './helper';

type NewBooking = typeof bookings.$inferInsert;
type BookingRow = typeof bookings.$inferSelect;

/** An add-on line of a booking inserted by a suite: its price is part of the booking's price. */
export type AddOnLine = { addOnId: string; name: string; priceCents: number; minutes: number };

const MINUTE = 60_000;

const spanMinutes = (booking: NewBooking) =>
  Math.max(1, Math.round((booking.occupiedUntil.getTime() - booking.occupiedFrom.getTime()) / MINUTE));

/**
 * Inserts bookings straight into the database with the lines the database requires of every booking at
 * commit: a service line at position 0, named after the service, for what the add-ons leave of the price and
 * of the booking's span, then each add-on given. In one transaction (a savepoint of the caller's, when given one),
 * so that the price check at commit sees both.
 */
export async function insertBookings(
  db: Executor,
  rows: ReadonlyArray<NewBooking & { addOns?: readonly AddOnLine[] }>,
): Promise<BookingRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const serviceIds = [...new Set(rows.map((row) => row.serviceId))];
    const names = new Map(
      (
        await tx.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, serviceIds))
      ).map((service) => [service.id, service.name]),
    );
    const stored = await tx
      .insert(bookings)
      .values(rows.map(({ addOns: _addOns, ...booking }) => booking))
      .returning();
    const lines = rows.flatMap((row, index) => {
      const bookingId = stored[index]?.id ?? '';
      const addOns = row.addOns ?? [];
      const sum = (pick: (line: AddOnLine) => number) => addOns.reduce((total, line) => total + pick(line), 0);
      return [
        {
          bookingId,
          position: 0,
          kind: 'service' as const,
          name: names.get(row.serviceId) ?? 'Service',
          priceCents: row.priceCents - sum((line) => line.priceCents),
          minutes: Math.max(1, spanMinutes(row) - sum((line) => line.minutes)),
        },
        ...addOns.map((line, at) => ({ bookingId, position: at + 1, kind: 'addOn' as const, ...line })),
      ];
    });
    await tx.insert(bookingLines).values(lines);
    return stored;
  });
}

/**
 * For suites that write bookings with SQL of their own, in their own transaction: the service line of the
 * booking `$1`, at its price, for its span. Run before the transaction commits.
 */
export const SERVICE_LINE_SQL = `insert into booking_lines (booking_id, position, kind, name, price_cents, minutes)
  select b.id, 0, 'service', s.name, b.price_cents,
    greatest(1, round(extract(epoch from b.occupied_until - b.occupied_from) / 60))::integer
  from bookings b join services s on s.id = b.service_id
  where b.id = $1`;

let ownSetting = 0;

/**
 * A confirmed, paid booking of the customer over [start, end) (to the minute), on a service, a bay and a
 * hand-made slot of its own named after `label`: the setting of suites about what happens around one booking
 * (its reminder, its texts), which no other booking can come near.
 */
export async function confirmedBookingOver(
  db: Executor,
  customerId: string,
  span: { start: Date; end: Date },
  label: string,
) {
  ownSetting += 1;
  const { start, end } = span;
  const minutes = Math.round((end.getTime() - start.getTime()) / MINUTE);
  const [service] = await db
    .insert(services)
    .values({
      name: `${label} Wash ${ownSetting}`,
      description: 'One booking',
      durationMinutes: minutes,
      priceCents: 3000,
    })
    .returning();
  const [bay] = await db
    .insert(bays)
    .values({ name: `${label} Bay ${ownSetting}`, sortOrder: 100 + ownSetting })
    .returning();
  if (!service || !bay) throw new Error('service or bay was not created');
  const [slot] = await db
    .insert(slots)
    .values(utcSlotRow(service.id, start, end))
    .returning();
  if (!slot) throw new Error('slot was not created');
  const [booking] = await insertBookings(db, [
    {
      customerId,
      serviceId: service.id,
      slotId: slot.id,
      bayId: bay.id,
      occupiedFrom: start,
      occupiedUntil: end,
      status: 'confirm',
      payment: 'paid',
      priceCents: 3000,
    },
  ]);
  if (!booking) throw new Error('booking was not created');
  return { booking, service, bay, slot };
}
