import type { Executor } from '../db/client';
import { bookingLines, bookings, payments, type ServiceRow, slots } from '../db/schema';
import { businessDate } from '../lib/business-time';
import { splitIntoSlots } from '../modules/slots/public';
import type { DemoAddOn, DemoClass, DemoPricing } from './demo-pricing';

type SlotRow = typeof slots.$inferSelect;

/**
 * How a demo booking went: paid and ahead, paid and done (the car came, or never did), left unpaid until
 * its hold ran out, or refused by the card.
 */
type Outcome = 'paid' | 'completed' | 'no_show' | 'expired' | 'failed';

/** The outcomes of a paid booking: each holds the shop's one bay over its slot. */
const PAID_OUTCOMES: ReadonlySet<Outcome> = new Set(['paid', 'completed', 'no_show']);

/** What a demo booking was priced by: a class (and the demo customer's car of it), add-ons; or nothing. */
type DemoJob = {
  vehicleClass: DemoClass | null;
  vehicle: DemoPricing['garage'][number] | null;
  addOns: DemoAddOn[];
};

const NO_JOB: DemoJob = { vehicleClass: null, vehicle: null, addOns: [] };

type PlannedBooking = {
  customerId: string;
  service: ServiceRow;
  /** An open slot of the coming days, or a past slot to create with the booking. */
  slot: SlotRow | typeof slots.$inferInsert;
  outcome: Outcome;
  createdAt: Date;
  job: DemoJob;
};

type DemoBookingOptions = {
  /** The shop's one bay on a first start: every paid booking occupies it, one at a time. */
  bayId: string;
  /** The demo customer first, then the regulars. */
  customers: string[];
  catalogue: ServiceRow[];
  /** The times of the coming two weeks that the shop's hours give, already stored. */
  openSlots: SlotRow[];
  /** The shop's daily opening hours, HH:MM. */
  opening: { startTime: string; endTime: string };
  timeZone: string;
  currency: string;
  holdMinutes: number;
  now: Date;
  pricing: DemoPricing;
};

const HISTORY_DAYS = 28;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo customer's own appointments ahead: days from today, the service by catalogue index, the slot,
 * their car (by garage index) and the add-ons (by name).
 */
const DEMO_CUSTOMER_AHEAD = [
  { day: 1, service: 4, slot: 2, car: 1, addOns: ['Headlight restoration'] },
  { day: 4, service: 7, slot: 0, car: 0, addOns: ['Odour neutraliser'] },
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

type Interval = { startsAt: Date; endsAt: Date; openUntil?: Date | null };

/**
 * Picks slots so that paid bookings never overlap on the shop's one bay over their whole job (the slot and
 * `extraMs` more, for a bigger class or add-ons): the slot at `index` among the candidates, or for a paid
 * booking the first one after it (wrapping round) that leaves the bay free and ends by closing.
 */
function bayCalendar() {
  const occupied: Array<{ startsAt: Date; endsAt: Date }> = [];
  const free = (span: { startsAt: Date; endsAt: Date }) =>
    occupied.every((taken) => span.endsAt <= taken.startsAt || taken.endsAt <= span.startsAt);
  return <S extends Interval>(candidates: readonly S[], index: number, outcome: Outcome, extraMs = 0): S => {
    const fits = (slot: S) => !slot.openUntil || slot.endsAt.getTime() + extraMs <= slot.openUntil.getTime();
    for (let step = 0; step < candidates.length; step += 1) {
      const slot = pick(candidates, index + step);
      const span = { startsAt: slot.startsAt, endsAt: new Date(slot.endsAt.getTime() + extraMs) };
      if (!fits(slot)) continue;
      if (!PAID_OUTCOMES.has(outcome)) return slot;
      if (free(span)) {
        occupied.push(span);
        return slot;
      }
    }
    throw new Error('the demo shop has no free slot left for a paid booking');
  };
}

/** The lines of a demo booking, as a booking made online would store them, and its price and minutes. */
function jobLines(pricing: DemoPricing, service: ServiceRow, job: DemoJob) {
  const own = pricing.priceOf(service, job.vehicleClass?.id ?? null);
  const classId = job.vehicleClass?.id ?? null;
  const lines = [
    { kind: 'service' as const, addOnId: null, name: service.name, priceCents: own.priceCents, minutes: own.minutes },
    ...job.addOns.map((addOn) => ({
      kind: 'addOn' as const,
      addOnId: addOn.id,
      name: addOn.name,
      ...addOn.forClass(classId),
    })),
  ];
  return {
    lines,
    priceCents: lines.reduce((total, line) => total + line.priceCents, 0),
    minutes: lines.reduce((total, line) => total + line.minutes, 0),
  };
}

/** How much longer than its slot (the service's base duration) a job keeps the bay. */
const extraMsOf = (pricing: DemoPricing, service: ServiceRow, job: DemoJob) =>
  (jobLines(pricing, service, job).minutes - service.durationMinutes) * 60_000;

/**
 * The history's bookings are priced by the car now and then, deterministically: every third by a class in
 * turn (the demo customer's by their car of it, when they have one), every fourth with the first add-on
 * offered with its service.
 */
function historyJob(pricing: DemoPricing, service: ServiceRow, count: number, isDemoCustomer: boolean): DemoJob {
  const vehicleClass = count % 3 === 1 ? pick(pricing.classes, count) : null;
  const vehicle =
    isDemoCustomer && vehicleClass ? (pricing.garage.find((car) => car.classId === vehicleClass.id) ?? null) : null;
  const addOn = count % 4 === 2 ? pricing.addOns.find((candidate) => candidate.serviceIds.has(service.id)) : undefined;
  return { vehicleClass, vehicle, addOns: addOn ? [addOn] : [] };
}

type SlotPicker = ReturnType<typeof bayCalendar>;

/**
 * A month of history, deterministic so that every fresh install looks the same: most bookings paid and
 * completed, a few paid and missed (no-show), every sixth left unpaid until its hold ran out, a few
 * refused at the checkout. Customers take turns, the demo customer among them.
 */
function planHistory(
  { customers, catalogue, opening, timeZone, now, pricing }: DemoBookingOptions,
  pickSlot: SlotPicker,
): PlannedBooking[] {
  const plans: PlannedBooking[] = [];
  let count = 0;
  // Today ends the history: a car already done this morning, when a slot of today has ended.
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 0; daysAgo -= 1) {
    const date = businessDate(timeZone, now, -daysAgo);
    const perDay = daysAgo % 3 === 0 && daysAgo > 0 ? 2 : 1;
    for (let turn = 0; turn < perDay; turn += 1) {
      const service = pick(catalogue, count * 3);
      // Laid out as the admin did then: every slot of the day, none skipped for having passed since.
      const daySlots = splitIntoSlots(
        { serviceId: service.id, durationMinutes: service.durationMinutes, date, ...opening },
        timeZone,
        new Date(0),
      ).filter((slot) => daysAgo > 0 || (slot.endsAt !== undefined && slot.endsAt <= now));
      if (daySlots.length === 0) continue;
      const outcome: Outcome =
        count % 6 === 5 ? 'expired' : count % 11 === 7 ? 'failed' : count % 9 === 4 ? 'no_show' : 'completed';
      const customerId = pick(customers, count);
      const job = historyJob(pricing, service, count, customerId === customers[0]);
      const slot = pickSlot(daySlots, count + turn, outcome, extraMsOf(pricing, service, job));
      const createdAt = new Date(slot.startsAt.getTime() - ((count % 5) + 1) * DAY_MS - (count % 7) * HOUR_MS);
      plans.push({ customerId, service, slot, outcome, createdAt, job });
      count += 1;
    }
  }
  return plans;
}

/** A paid booking on the first slot still open today (of any service), so that today's board has a car ahead. */
function todayAhead(
  { catalogue, openSlots, timeZone, now }: DemoBookingOptions,
  pickSlot: SlotPicker,
  customerId: string | undefined,
): PlannedBooking[] {
  const today = businessDate(timeZone, now);
  const open = openSlots
    .filter((slot) => slot.date === today)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (open.length === 0 || customerId === undefined) return [];
  const slot = pickSlot(open, 0, 'paid');
  const service = catalogue.find((candidate) => candidate.id === slot.serviceId);
  if (!service) return [];
  return [
    {
      customerId,
      service,
      slot,
      outcome: 'paid',
      createdAt: new Date(now.getTime() - 2 * HOUR_MS),
      job: NO_JOB,
    },
  ];
}

/** The coming week: the demo customer's two paid appointments, a regular's car later today and the regulars'. */
function planAhead(options: DemoBookingOptions, pickSlot: SlotPicker): PlannedBooking[] {
  const { customers, catalogue, openSlots, timeZone, now, pricing } = options;
  // An appointment `day` days ahead, or on the next open day when the shop is closed that day.
  const slotOf = (serviceIndex: number, day: number, slotIndex: number, outcome: Outcome, job: DemoJob = NO_JOB) => {
    const service = pick(catalogue, serviceIndex);
    const ofDay = (offset: number) => {
      const date = businessDate(timeZone, now, offset);
      return openSlots.filter((candidate) => candidate.serviceId === service.id && candidate.date === date);
    };
    let offset = day;
    while (ofDay(offset).length === 0 && offset < day + 7) offset += 1;
    const slot = pickSlot(ofDay(offset), slotIndex, outcome, extraMsOf(pricing, service, job));
    return { service, slot, job };
  };
  const carJob = (car: number, names: readonly string[]): DemoJob => {
    const vehicle = pricing.garage[car] ?? null;
    return {
      vehicle,
      vehicleClass: vehicle ? { id: vehicle.classId, name: vehicle.className } : null,
      addOns: pricing.addOns.filter((addOn) => names.includes(addOn.name)),
    };
  };
  const [demoCustomer, ...regulars] = customers;
  if (demoCustomer === undefined) return [];
  return [
    ...DEMO_CUSTOMER_AHEAD.map((plan, index) => ({
      customerId: demoCustomer,
      ...slotOf(plan.service, plan.day, plan.slot, 'paid', carJob(plan.car, plan.addOns)),
      outcome: 'paid' as const,
      createdAt: new Date(now.getTime() - (index + 2) * DAY_MS),
    })),
    // A regular's car later today, when a slot of today is still open.
    ...todayAhead(options, pickSlot, pick(regulars, REGULARS_AHEAD.length)),
    ...REGULARS_AHEAD.map((plan, index) => ({
      customerId: pick(regulars, index),
      ...slotOf(plan.service, plan.day, plan.slot, plan.outcome),
      outcome: plan.outcome,
      createdAt: new Date(now.getTime() - ((index % 3) + 1) * DAY_MS - index * HOUR_MS),
    })),
  ];
}

const BOOKING_STATES = {
  paid: { status: 'confirm', payment: 'paid', checkout: 'paid' },
  completed: { status: 'completed', payment: 'paid', checkout: 'paid' },
  no_show: { status: 'no_show', payment: 'paid', checkout: 'paid' },
  expired: { status: 'cancel', payment: 'unpaid', checkout: 'expired' },
  failed: { status: 'cancel', payment: 'failed', checkout: 'failed' },
} as const;

/**
 * Stores the demo bookings, oldest first (bookings are numbered in the order they were made), each on the
 * shop's bay over its slot and with its sandbox checkout. Returns the paid ones.
 */
export async function seedDemoBookings(tx: Executor, options: DemoBookingOptions) {
  const pickSlot = bayCalendar();
  const plans = [...planAhead(options, pickSlot), ...planHistory(options, pickSlot)].sort(
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

  const priced = plans.map((plan) => jobLines(options.pricing, plan.service, plan.job));
  const rows = plans.map((plan, index) => ({
    customerId: plan.customerId,
    serviceId: plan.service.id,
    slotId: slotIdOf(plan),
    bayId: options.bayId,
    priceCents: priced[index]?.priceCents ?? plan.service.priceCents,
    occupiedFrom: plan.slot.startsAt,
    occupiedUntil: new Date(plan.slot.startsAt.getTime() + (priced[index]?.minutes ?? 0) * 60_000),
    vehicleId: plan.job.vehicle?.id ?? null,
    vehicleClassId: plan.job.vehicleClass?.id ?? null,
    vehicleClassName: plan.job.vehicleClass?.name ?? null,
    vehicle: plan.job.vehicle?.booked ?? null,
    vehiclePlate: plan.job.vehicle?.booked.plate ?? null,
    status: BOOKING_STATES[plan.outcome].status,
    payment: BOOKING_STATES[plan.outcome].payment,
    holdExpiresAt: new Date(plan.createdAt.getTime() + options.holdMinutes * 60_000),
    createdAt: plan.createdAt,
    updatedAt: plan.createdAt,
  }));
  const stored = rows.length > 0 ? await tx.insert(bookings).values(rows).returning() : [];
  const storedBySlot = new Map(stored.map((booking) => [booking.slotId, booking]));
  const lineRows = plans.flatMap((plan, index) => {
    const booking = storedBySlot.get(slotIdOf(plan));
    if (!booking) throw new Error('a demo booking was not stored');
    return (priced[index]?.lines ?? []).map((line, position) => ({ ...line, bookingId: booking.id, position }));
  });
  if (lineRows.length > 0) await tx.insert(bookingLines).values(lineRows);

  await tx.insert(payments).values(
    plans.map((plan, index) => {
      const booking = storedBySlot.get(slotIdOf(plan));
      if (!booking) throw new Error('a demo booking was not stored');
      return {
        bookingId: booking.id,
        provider: 'sandbox',
        sessionId: `sbx_demo_${index + 1}`,
        amountCents: booking.priceCents,
        currency: options.currency,
        status: BOOKING_STATES[plan.outcome].checkout,
        createdAt: plan.createdAt,
        updatedAt: plan.createdAt,
      };
    }),
  );
  return stored.filter((booking) => booking.payment === 'paid');
}
