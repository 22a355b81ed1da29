import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES, type PayWith } from '@carcare/contracts/front-desk-constants';
import { dueOnlineCents, PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client';
import { violates } from '../../../db/errors';
import type { UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { coverageFor, washRefusal } from '../../memberships/public';
import type { PaymentProvider } from '../../payments/public';
import { recordCheckout } from '../checkout/checkout-records';
import { endPendingBookings, expireStaleHolds } from '../checkout/holds';
import { checkoutDoorUrl } from '../checkout/open-checkout';
import { cardSavingFor, openCardSetup } from '../checkout/saved-cards';
import { getBooking } from '../reads/booking-reads';
import { type BookingWindowSettings, bookingWindowAt } from './bookable-slot';
import { BASE_JOB } from './job-span';
import { addOnMinutes, coveredLines, type JobChoice, linesOf, namesAJob, priceJob } from './price-job';
import { type NewBooking, type Reservation, type ReservationRequest, reserveBooking } from './reserve-booking';
import { makeWalkInSlot, type OpeningHours } from './walk-in-slot';

type BookingContext = {
  provider: PaymentProvider;
  /** The site's own address: the customer opens the checkout through `/pay/<session>` there. */
  publicUrl: string;
  /**
   * The origin of CORS_ORIGINS whose page is booking (an older client on its own site), whom the payment's
   * result page leads back to; undefined for our own web app, whose result pages the checkout returns to.
   */
  returnOrigin?: string;
  /** How long the booking holds its time once its checkout is opened, counted from its making. */
  holdMinutes: number;
  /** How long it holds its time until then. */
  unopenedHoldMinutes: number;
  /** How many unpaid bookings one customer may hold at once. */
  maxPendingHolds: number;
  /** How many unpaid bookings may come from one client address at once. */
  maxPendingHoldsPerAddress: number;
  /** While unpaid holds cover this percentage of a day's bay time, no new one is taken that day. */
  maxUnpaidDayPercent: number;
  /**
   * The shop's minimum notice and horizon for its generated times (hand-made slots are bookable until they
   * start); left out, generated times are held to nothing more.
   */
  window?: BookingWindowSettings;
  /** The shop's hours now, by which a walk-in is judged. */
  opening?: OpeningHours;
  log: FastifyBaseLogger;
  now?: Date;
};

/**
 * Who makes the booking. A customer books their own, paid online. Staff and the administrator book for a
 * customer (`customer`), paid online as the customer's own (`online`), by a link emailed to them (`link`),
 * or at the shop (`counter`: confirmed at once, nothing held); the hold limits of a customer do not apply.
 * The waitlist books a freed time it offers a customer as the shop's emailed link is booked (held for
 * `holdMinutes`, paid by the link), made by no one of the staff and held to the minimum notice as customers are.
 */
export type Booker = { kind: 'customer' } | { kind: 'shop'; staffId: string; payWith: PayWith } | { kind: 'waitlist' };

/** The most a count of holds can be: a limit no booking by the shop ever reaches. */
const NO_LIMIT = 2_147_483_647;

const SLOT_REFUSALS = {
  unknown: BOOKING_MESSAGES.slotUnknown,
  otherService: BOOKING_MESSAGES.slotOtherService,
  cancelled: BOOKING_MESSAGES.slotCancelled,
  past: BOOKING_MESSAGES.slotPast,
  tooSoon: BOOKING_MESSAGES.slotTooSoon,
  beyondHorizon: BOOKING_MESSAGES.slotBeyondHorizon,
} as const;

type Refusal = Exclude<Reservation, { kind: 'booked' | 'lapsedHoldsInTheWay' }>;

/** A write refused by the database's checks, as the customer is told it (a race with a change). */
function insertRefusal(error: unknown): AppError | undefined {
  if (violates(error, 'booking_lines_add_on_active')) return new AppError(409, ADD_ON_MESSAGES.inactive);
  if (violates(error, 'bookings_vehicle_live')) return new AppError(409, VEHICLE_MESSAGES.archivedCannotBook);
  if (violates(error, 'bookings_vehicle_customer_fk')) return new AppError(404, VEHICLE_MESSAGES.notFound);
  return washRefusal(error);
}

/** A refused booking as the customer is told it. */
function refusalError(refused: Refusal, maxPendingHolds: number): AppError {
  switch (refused.kind) {
    case 'serviceGone':
      return new AppError(404, BOOKING_MESSAGES.serviceUnknown);
    case 'tooManyHolds':
      return new AppError(409, BOOKING_MESSAGES.tooManyHolds(maxPendingHolds));
    case 'tooManyHoldsFromAddress':
      return new AppError(409, BOOKING_MESSAGES.tooManyHoldsFromAddress);
    case 'dayHeldByUnpaid':
      return new AppError(409, BOOKING_MESSAGES.dayHeldByUnpaid);
    case 'unbookable':
      return new AppError(refused.refusal.status, SLOT_REFUSALS[refused.refusal.reason]);
    case 'full':
      return new AppError(409, BOOKING_MESSAGES.slotFull);
    case 'runsPastClosing':
      return new AppError(409, QUOTE_MESSAGES.runsPastClosing);
    case 'policyChanged':
      return new AppError(409, PAYMENT_POLICY_MESSAGES.policyChanged);
  }
}

/** How the booking is taken: its first state, and who made it. */
type Taking = {
  status: 'pending' | 'confirm';
  holdUntil: Date | null;
  payWith: PayWith;
  bookedBy: string | null;
  customerNote: string | null;
  /** For a walk-in: makes the slot it books, in the booking's transaction. */
  walkInSlot?: (tx: Executor) => Promise<string>;
  /** The version of the shop's terms the customer accepted (`acceptPolicy`); undefined when none was. */
  acceptedPolicy?: number;
};

/**
 * What is paid online, by the terms the customer accepted (decision 039): a checkout of `cents` (the price or a
 * deposit), or for a service paid at the shop with the card saved (`cardOnly`), a card setup that takes nothing.
 */
type OnlineDue = {
  cents: number;
  purpose: 'full' | 'deposit';
  savesCard: boolean;
  cardOnly: boolean;
};

/**
 * What the booking's checkout takes, by the terms the booking was made under (the settings row share-locked as it
 * was): the whole price when the customer accepted no terms (SPEC.md's booking, never charged a fee), else by the
 * service's payment mode and the terms. A card is kept with the payment when the terms may charge it later (a
 * deposit's balance or a fee). A member's plan that paid it all leaves nothing to take.
 */
function onlineDue(booked: Extract<Reservation, { kind: 'booked' }>, accepted: number | undefined, free: boolean) {
  const { priceCents, policy } = booked;
  if (free) return { cents: 0, purpose: 'full', savesCard: false, cardOnly: false } satisfies OnlineDue;
  if (accepted === undefined)
    return { cents: priceCents, purpose: 'full', savesCard: false, cardOnly: false } satisfies OnlineDue;
  const cents = dueOnlineCents(booked.service.paymentMode, policy, priceCents);
  const fees = policy.noShowFee.kind !== 'none' || policy.lateCancellation.kind === 'fee';
  return {
    cents,
    purpose: cents < priceCents ? 'deposit' : 'full',
    savesCard: cents < priceCents || fees,
    cardOnly: booked.service.paymentMode === 'card',
  } satisfies OnlineDue;
}

/**
 * Reserves the slot and writes the booking (`reserveBooking`): on its own, one call that is its own transaction
 * and looks before it locks; for a walk-in, in a transaction that first makes the slot it books. A refusal is
 * thrown; a write the database refuses is told as the customer would be told it.
 */
async function reserve(
  db: Database,
  request: ReservationRequest,
  booking: NewBooking,
  walkInSlot: Taking['walkInSlot'],
): Promise<Reservation> {
  try {
    if (!walkInSlot) return await reserveBooking(db, request, booking, { look: true });
    return await db.transaction(async (tx) => {
      const reserved = await reserveBooking(tx, { ...request, slotId: await walkInSlot(tx) }, booking, { look: false });
      if (reserved.kind === 'booked') return reserved;
      // Nothing was written: the slot made for it goes with the transaction.
      if (reserved.kind === 'lapsedHoldsInTheWay') throw new LapsedHolds();
      if (reserved.kind === 'full') throw new AppError(409, FRONT_DESK_MESSAGES.walkInNoBay);
      throw refusalError(reserved, request.maxPendingHolds);
    });
  } catch (error) {
    if (error instanceof LapsedHolds) return { kind: 'lapsedHoldsInTheWay' };
    throw insertRefusal(error) ?? error;
  }
}

/** The booking just made, as it was read back: bookings are never deleted, so it is always there. */
function madeBooking(booking: Booking | undefined): Booking {
  if (!booking) throw new Error('booking vanished after creation');
  return booking;
}

/** A walk-in's transaction undone, its slot with it, because holds that ran out are in the way of every bay. */
class LapsedHolds extends Error {}

/**
 * Books a slot for the customer: reserve it atomically, hold it for the payment, open the checkout. The hold
 * is short until the customer opens the checkout (`openCheckout`), then runs to `holdMinutes`; a link the shop
 * emails holds the time for `holdMinutes` from the start. A booking the shop takes payment for at the counter
 * is confirmed at once, with no checkout (its `paymentUrl` is empty). A walk-in (`walkIn`, the shop only)
 * books a hand-made slot starting now. If the provider cannot open a checkout, the booking is cancelled and
 * the slot freed at once.
 */
export async function createBooking(
  db: Database,
  customer: UserRow,
  input: {
    serviceId: string;
    /** The slot booked; left out for a walk-in. */
    slotId?: string;
    walkIn?: boolean;
    clientAddress: string;
    note?: string;
    /** The version of the shop's terms the customer accepted. */
    acceptPolicy?: number;
  } & JobChoice,
  context: BookingContext & { booker?: Booker },
): Promise<{ paymentUrl: string; booking: Booking; dueOnlineCents: number }> {
  const now = context.now ?? new Date();
  const booker = context.booker ?? { kind: 'customer' };
  const byShop = booker.kind === 'shop';
  // The hold limits keep a customer from hoarding times; the shop and the waitlist book for whomever they serve.
  const unlimited = booker.kind !== 'customer';
  // A booking that names a vehicle, a class or add-ons is priced first; SPEC.md's is priced by its service.
  const priced = namesAJob(input) ? await priceJob(db, input.serviceId, customer.id, input) : undefined;
  const job = priced ? { classMinutes: priced.service.classMinutes, extraMinutes: addOnMinutes(priced) } : BASE_JOB;
  const request = {
    customerId: customer.id,
    serviceId: input.serviceId,
    slotId: input.slotId ?? '',
    now,
    maxPendingHolds: unlimited ? NO_LIMIT : context.maxPendingHolds,
    clientAddress: input.clientAddress,
    maxPendingHoldsPerAddress: unlimited ? NO_LIMIT : context.maxPendingHoldsPerAddress,
    maxUnpaidDayPercent: unlimited ? 100 : context.maxUnpaidDayPercent,
    // The shop may book inside the minimum notice (not in the past), and as far ahead as customers may.
    window: bookingWindowAt(
      byShop && context.window ? { ...context.window, minimumNoticeMinutes: 0 } : context.window,
      now,
    ),
    job,
  };
  const payWith = booker.kind === 'shop' ? booker.payWith : booker.kind === 'waitlist' ? 'link' : 'online';
  // At the counter, or charged by the shop to the card the customer saved: confirmed at once, nothing held.
  const paidAtTheShop = payWith === 'counter' || payWith === 'card';
  const checkoutUntil = new Date(now.getTime() + context.holdMinutes * 60_000);
  const opening = context.opening;
  if (input.walkIn === true && !opening) throw new Error('a walk-in is judged by the shop hours: none were given');
  if (input.walkIn !== true && input.slotId === undefined) throw new AppError(400, FRONT_DESK_MESSAGES.slotOrWalkIn);
  const taking: Taking = {
    status: paidAtTheShop ? 'confirm' : 'pending',
    holdUntil: paidAtTheShop
      ? null
      : payWith === 'link'
        ? checkoutUntil
        : new Date(now.getTime() + context.unopenedHoldMinutes * 60_000),
    payWith,
    bookedBy: booker.kind === 'shop' ? booker.staffId : null,
    customerNote: input.note || null,
    acceptedPolicy: input.acceptPolicy,
    walkInSlot:
      input.walkIn === true && opening
        ? (tx) => makeWalkInSlot(tx, { serviceId: input.serviceId, now, opening, job })
        : undefined,
  };

  // A member's car: the plan pays what it covers, and the rest is paid as usual. A read: the database counts the
  // wash with the booking, under the membership's lock, and refuses it past the plan's caps.
  const coverage = priced?.vehicle
    ? await coverageFor(db, {
        customerId: customer.id,
        vehicleId: priced.vehicle.id,
        serviceId: input.serviceId,
        addOnIds: priced.addOns.map((addOn) => addOn.id),
        now,
      })
    : undefined;
  // SPEC.md's booking is one line, the service at its price for the slot's length, which the database writes.
  const priceList = priced ? linesOf(priced, priced.service.classMinutes) : undefined;
  const lines = priceList && coverage ? coveredLines(priceList, coverage) : priceList;
  // Nothing left to pay: confirmed at once, as a booking paid at the shop is.
  const free = coverage !== undefined && lines?.every((line) => line.priceCents === 0) === true;
  const booking: NewBooking = {
    lines,
    vehicleClass: priced?.vehicleClass ?? null,
    vehicle: priced?.vehicle ?? null,
    holdUntil: free ? null : taking.holdUntil,
    status: free ? 'confirm' : taking.status,
    payWith: taking.payWith,
    bookedBy: taking.bookedBy,
    customerNote: taking.customerNote,
    policyVersion: free ? null : (taking.acceptedPolicy ?? null),
    membershipId: coverage?.membershipId ?? null,
  };

  let reserved = await reserve(db, request, booking, taking.walkInSlot);
  // A hold that ran out but was not swept yet must not keep the bay from a paying customer.
  if (reserved.kind === 'lapsedHoldsInTheWay') {
    await expireStaleHolds(db, context.provider, context.log, now);
    reserved = await reserve(db, request, booking, taking.walkInSlot);
  }
  if (reserved.kind === 'lapsedHoldsInTheWay') reserved = { kind: 'full' };
  if (reserved.kind !== 'booked') {
    if (reserved.kind === 'full' && taking.walkInSlot) throw new AppError(409, FRONT_DESK_MESSAGES.walkInNoBay);
    throw refusalError(reserved, request.maxPendingHolds);
  }
  const { bookingId, service, slot, currency } = reserved;
  const due = onlineDue(reserved, taking.acceptedPolicy, free);
  // Nothing taken online: the booking is read as it was made. Paid online: it is read with its checkout's record.
  const read = async () => madeBooking(await getBooking(db, bookingId));
  if (paidAtTheShop || free) return { paymentUrl: '', booking: await read(), dueOnlineCents: 0 };
  const description = `${service.name}, ${slot.date} ${slot.startTime}–${slot.endTime}`;
  if (due.cardOnly) {
    const created = await read();
    return {
      paymentUrl: await openCardOnlyBooking(db, customer, created, description, currency, context),
      booking: created,
      dueOnlineCents: 0,
    };
  }
  let checkout: { sessionId: string; url: string };
  try {
    const keepCard = due.savesCard ? await cardSavingFor(db, context.provider.name, customer.id) : {};
    checkout = await context.provider.createCheckout({
      ...keepCard,
      bookingId,
      amountCents: due.cents,
      currency,
      description,
      customerEmail: customer.email ?? undefined,
      expiresAt: checkoutUntil,
      returnsToResultPage: context.returnOrigin !== undefined,
    });
  } catch (error) {
    context.log.error({ err: error, bookingId }, 'could not open a checkout; releasing the slot');
    await endPendingBookings(db, [bookingId], 'unpaid');
    throw new AppError(503, BOOKING_MESSAGES.providerUnavailable);
  }
  const created = madeBooking(
    await recordCheckout(db, {
      bookingId,
      provider: context.provider.name,
      sessionId: checkout.sessionId,
      checkoutUrl: checkout.url,
      returnOrigin: context.returnOrigin ?? null,
      amountCents: due.cents,
      currency,
      purpose: due.purpose,
      savesCard: due.savesCard,
    }),
  );
  return {
    paymentUrl: checkoutDoorUrl(context.publicUrl, checkout.sessionId),
    booking: created,
    dueOnlineCents: due.cents,
  };
}

/**
 * Opens the card setup of a booking paid at the shop with its card saved: nothing is taken now, and the booking
 * is confirmed once the card is saved (see `storeSavedCard`). Its link, as a checkout's, is our own door.
 */
async function openCardOnlyBooking(
  db: Database,
  customer: UserRow,
  booking: Booking,
  description: string,
  currency: string,
  context: BookingContext,
): Promise<string> {
  try {
    const setup = await openCardSetup(db, context.provider, {
      customerId: customer.id,
      bookingId: booking._id,
      customerEmail: customer.email ?? undefined,
      currency,
      description,
      returnUrl: `${context.publicUrl}${siteHref('paymentSuccess', {}, { booking: booking._id })}`,
      publicUrl: context.publicUrl,
    });
    return setup.url;
  } catch (error) {
    context.log.error({ err: error, bookingId: booking._id }, 'could not open a card setup; releasing the slot');
    await endPendingBookings(db, [booking._id], 'unpaid');
    throw new AppError(503, BOOKING_MESSAGES.providerUnavailable);
  }
}
