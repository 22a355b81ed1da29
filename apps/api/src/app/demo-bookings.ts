import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bookings, payments, type ServiceRow, slots } from '../db/schema';
import { businessDate } from '../modules/slots/slot-time';
import { splitIntoSlots } from '../modules/slots/slots.service';

type SlotRow = typeof slots.$inferSelect;

/** How a demo booking's checkout ended: paid, left until its hold ran out, or refused by the card. */
type Outcome = 'paid' | 'expired' | 'failed';

type PlannedBooking = {
  customerId: string;
  service: ServiceRow;
  /** An open slot of the coming days, or a past slot to create with the booking. */
  slot: SlotRow | typeof slots.$inferInsert;
  outcome: Outcome;
  createdAt: Date;
};

type DemoBookingOptions = {
  /** The demo customer first, then the regulars. */
  customers: string[];
  catalogue: ServiceRow[];
  /** The slots of the coming two weeks, already stored. */
  openSlots: SlotRow[];
  /** The shop's daily opening hours, HH:MM. */
  opening: { startTime: string; endTime: string };
  timeZone: string;
  currency: string;
  holdMinutes: number;
  now: Date;
};

const HISTORY_DAYS = 28;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The demo customer's own appointments ahead: days from today, the service by catalogue index, the slot. */
const DEMO_CUSTOMER_AHEAD = [
  { day: 1, service: 4, slot: 2 },
  { day: 4, service: 7, slot: 0 },
];

/** Regulars' appointments ahead; the last was abandoned at the checkout and freed its slot again. */
const REGULARS_AHEAD: Array<{ day: number; service: number; slot: number; outcome: Outcome }> = [
  { day: 1, service: 6, slot: 1, outcome: 'paid' },
  { day: 2, service: 2, slot: 3, outcome: 'paid' },
  { day: 2, service: 9, slot: 0, outcome: 'paid' },
  { day: 3, service: 5, slot: 2, outcome: 'paid' },
  { day: 5, service: 1, slot: 4, outcome: 'paid' },
  { day: 6, service: 3, slot: 1, outcome: 'expired' },
];

const pick = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('the demo shop needs at least one of each');
  return item;
};

/**
 * A month of history, deterministic so that every fresh install looks the same: most bookings paid and
 * confirmed, every sixth left unpaid until its hold ran out, a few refused at the checkout. Customers
 * take turns, the demo customer among them.
 */
function planHistory({ customers, catalogue, opening, timeZone, now }: DemoBookingOptions): PlannedBooking[] {
  const plans: PlannedBooking[] = [];
  let count = 0;
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo -= 1) {
    const date = businessDate(timeZone, now, -daysAgo);
    const perDay = daysAgo % 3 === 0 ? 2 : 1;
    for (let turn = 0; turn < perDay; turn += 1) {
      const service = pick(catalogue, count * 3);
      // Laid out as the admin did then: every slot of the day, none skipped for having passed since.
      const daySlots = splitIntoSlots(
        { serviceId: service.id, durationMinutes: service.durationMinutes, date, ...opening },
        timeZone,
        new Date(0),
      );
      const slot = pick(daySlots, count + turn);
      const outcome: Outcome = count % 6 === 5 ? 'expired' : count % 11 === 7 ? 'failed' : 'paid';
      const createdAt = new Date(slot.startsAt.getTime() - ((count % 5) + 1) * DAY_MS - (count % 7) * HOUR_MS);
      plans.push({ customerId: pick(customers, count), service, slot, outcome, createdAt });
      count += 1;
    }
  }
  return plans;
}

/** The coming week: the demo customer's two paid appointments and the regulars'. */
function planAhead({ customers, catalogue, openSlots, timeZone, now }: DemoBookingOptions): PlannedBooking[] {
  const slotOf = (serviceIndex: number, day: number, slotIndex: number) => {
    const service = pick(catalogue, serviceIndex);
    const date = businessDate(timeZone, now, day);
    const slot = pick(
      openSlots.filter((candidate) => candidate.serviceId === service.id && candidate.date === date),
      slotIndex,
    );
    return { service, slot };
  };
  const [demoCustomer, ...regulars] = customers;
  if (demoCustomer === undefined) return [];
  return [
    ...DEMO_CUSTOMER_AHEAD.map((plan, index) => ({
      customerId: demoCustomer,
      ...slotOf(plan.service, plan.day, plan.slot),
      outcome: 'paid' as const,
      createdAt: new Date(now.getTime() - (index + 2) * DAY_MS),
    })),
    ...REGULARS_AHEAD.map((plan, index) => ({
      customerId: pick(regulars, index),
      ...slotOf(plan.service, plan.day, plan.slot),
      outcome: plan.outcome,
      createdAt: new Date(now.getTime() - ((index % 3) + 1) * DAY_MS - index * HOUR_MS),
    })),
  ];
}

const BOOKING_STATES = {
  paid: { status: 'confirm', payment: 'paid', checkout: 'paid' },
  expired: { status: 'cancel', payment: 'unpaid', checkout: 'expired' },
  failed: { status: 'cancel', payment: 'failed', checkout: 'failed' },
} as const;

/**
 * Stores the demo bookings, oldest first (bookings are numbered in the order they were made), each with
 * its slot marked as the booking left it and its sandbox checkout. Returns the paid ones.
 */
export async function seedDemoBookings(tx: Executor, options: DemoBookingOptions) {
  const plans = [...planHistory(options), ...planAhead(options)].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const pastSlots = plans.flatMap((plan) => ('id' in plan.slot ? [] : [plan.slot]));
  const createdSlots =
    pastSlots.length > 0
      ? await tx
          .insert(slots)
          .values(pastSlots.map((slot) => ({ ...slot, createdAt: new Date(slot.startsAt.getTime() - 14 * DAY_MS) })))
          .returning()
      : [];
  const slotIdOf = (plan: PlannedBooking) => {
    if ('id' in plan.slot && plan.slot.id) return plan.slot.id;
    const { serviceId, date, startTime } = plan.slot;
    const created = createdSlots.find(
      (slot) => slot.serviceId === serviceId && slot.date === date && slot.startTime === startTime,
    );
    if (!created) throw new Error(`demo slot ${date} ${startTime} was not stored`);
    return created.id;
  };

  const rows = plans.map((plan) => ({
    customerId: plan.customerId,
    serviceId: plan.service.id,
    slotId: slotIdOf(plan),
    status: BOOKING_STATES[plan.outcome].status,
    payment: BOOKING_STATES[plan.outcome].payment,
    holdExpiresAt: new Date(plan.createdAt.getTime() + options.holdMinutes * 60_000),
    createdAt: plan.createdAt,
    updatedAt: plan.createdAt,
  }));
  const stored = rows.length > 0 ? await tx.insert(bookings).values(rows).returning() : [];
  const storedBySlot = new Map(stored.map((booking) => [booking.slotId, booking]));

  const bookedSlotIds = stored.filter((booking) => booking.status === 'confirm').map((booking) => booking.slotId);
  if (bookedSlotIds.length > 0)
    await tx.update(slots).set({ status: 'booked' }).where(inArray(slots.id, bookedSlotIds));

  await tx.insert(payments).values(
    plans.map((plan, index) => {
      const booking = storedBySlot.get(slotIdOf(plan));
      if (!booking) throw new Error('a demo booking was not stored');
      return {
        bookingId: booking.id,
        provider: 'sandbox',
        sessionId: `sbx_demo_${index + 1}`,
        amountCents: plan.service.priceCents,
        currency: options.currency,
        status: BOOKING_STATES[plan.outcome].checkout,
        createdAt: plan.createdAt,
        updatedAt: plan.createdAt,
      };
    }),
  );
  return stored.filter((booking) => booking.payment === 'paid');
}
