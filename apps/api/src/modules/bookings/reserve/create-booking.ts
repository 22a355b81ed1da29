import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES, type PayWith } from '@carcare/contracts/front-desk-constants';
import { dueOnlineCents, PAYMENT_POLICY_MESSAGES } from '@carcare/contracts/payment-policy-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lockEachUntilCommit } from '../../../db/advisory-locks';
import type { Database, Executor } from '../../../db/client';
import { violates } from '../../../db/errors';
import { bookings, services, shopSettings, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { coverageFor, redeemWash } from '../../memberships/public';
import type { PaymentProvider } from '../../payments/public';
import { recordCheckout } from '../checkout/checkout-records';
import { endPendingBookings, expireStaleHolds } from '../checkout/holds';
import { checkoutDoorUrl } from '../checkout/open-checkout';
import { cardSavingFor, openCardSetup } from '../checkout/saved-cards';
import { getBooking } from '../reads/booking-reads';
import { type BookingWindowSettings, bookingWindowAt } from './bookable-slot';
import {
  BASE_JOB,
  jobUntil,
  lockReservation,
  lookAtReservation,
  type Reservation,
  type ReservationRequest,
} from './lock-reservation';
import {
  addOnMinutes,
  coveredLines,
  type JobChoice,
  linesOf,
  namesAJob,
  type PricedJob,
  priceJob,
  slotMinutes,
} from './price-job';
import { takeFreeBay } from './take-free-bay';
import { unpaidHoldsFillDay } from './unpaid-day-share';
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

type Refusal = Exclude<Reservation, { kind: 'open' }> | { kind: 'dayHeldByUnpaid' };

/** A line's insert refused by the database's checks, as the customer is told it (a race with a change). */
function insertRefusal(error: unknown): AppError | undefined {
  if (violates(error, 'booking_lines_add_on_active')) return new AppError(409, ADD_ON_MESSAGES.inactive);
  if (violates(error, 'bookings_vehicle_live')) return new AppError(409, VEHICLE_MESSAGES.archivedCannotBook);
  if (violates(error, 'bookings_vehicle_customer_fk')) return new AppError(404, VEHICLE_MESSAGES.notFound);
  return undefined;
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
  policyVersion: number | null;
  savesCard: boolean;
  cardOnly: boolean;
};

/**
 * Under the settings row's share lock (`lockReservation` took it), what the booking's checkout takes: the
 * whole price when the customer accepted no terms (SPEC.md's booking, never charged a fee), else by the
 * service's payment mode and the terms, which must be the ones the customer read. A card is kept with the
 * payment when the terms may charge it later (a deposit's balance or a fee).
 */
async function onlineDue(
  tx: Executor,
  serviceId: string,
  priceCents: number,
  accepted: number | undefined,
): Promise<OnlineDue> {
  if (accepted === undefined) {
    return { cents: priceCents, purpose: 'full', policyVersion: null, savesCard: false, cardOnly: false };
  }
  const [terms] = await tx
    .select({ version: shopSettings.policyVersion, policy: shopSettings.paymentPolicy, mode: services.paymentMode })
    .from(shopSettings)
    .innerJoin(services, eq(services.id, serviceId))
    .where(eq(shopSettings.id, 1));
  if (!terms) throw new Error('the shop has no settings row');
  if (terms.version !== accepted) throw new AppError(409, PAYMENT_POLICY_MESSAGES.policyChanged);
  const cents = dueOnlineCents(terms.mode, terms.policy, priceCents);
  const fees = terms.policy.noShowFee.kind !== 'none' || terms.policy.lateCancellation.kind === 'fee';
  return {
    cents,
    purpose: cents < priceCents ? 'deposit' : 'full',
    policyVersion: accepted,
    savesCard: cents < priceCents || fees,
    cardOnly: terms.mode === 'card',
  };
}

/** What a booking the member's plan paid in full takes online: nothing. */
const NOTHING_DUE: OnlineDue = { cents: 0, purpose: 'full', policyVersion: null, savesCard: false, cardOnly: false };

type ReservationOutcome =
  | {
      kind: 'booked';
      bookingId: string;
      /** What the booking costs: the sum of its lines. */
      priceCents: number;
      service: { name: string };
      /** The shop's currency when the booking was made, under the settings row's lock: its checkout's money. */
      currency: string;
      /** What its checkout takes. */
      due: OnlineDue;
      /** A member's plan paid all of it: nothing is taken, and it is confirmed. */
      free: boolean;
    }
  /** Every bay is busy, but sweeping the holds that ran out would free one (see `takeFreeBay`). */
  | { kind: 'lapsedHoldsInTheWay' };

/**
 * In one transaction, under the customer's and the client address's locks (so that concurrent requests of
 * one customer, or of many accounts from one address, cannot all slip under the hold limits): the service,
 * slot and bays are locked and judged in one statement, then a free bay is taken in another (decision 023),
 * then the day's unpaid holds are weighed under the day's lock (decision 025). A refusal is thrown, which
 * rolls the transaction back: it wrote nothing, and ending it so does not wait for the log to reach the
 * disk, as committing its row locks would.
 */
async function reserveAndBook(
  db: Database,
  request: ReservationRequest & { maxUnpaidDayPercent: number },
  priced: PricedJob | undefined,
  taking: Taking,
): Promise<ReservationOutcome> {
  return db.transaction(async (tx) => {
    await lockEachUntilCommit(tx, [
      ['customerBookings', request.customerId],
      ['addressBookings', request.clientAddress],
    ]);
    if (taking.walkInSlot) request = { ...request, slotId: await taking.walkInSlot(tx) };
    const reservation = await lockReservation(tx, request);
    if (reservation.kind === 'full' && taking.walkInSlot) throw new AppError(409, FRONT_DESK_MESSAGES.walkInNoBay);
    if (reservation.kind !== 'open') throw refusalError(reservation, request.maxPendingHolds);
    const { service, slot, bayIds } = reservation;
    // SPEC.md's booking is one line: the service at its price, for the slot's length.
    const baseMinutes = slotMinutes(slot);
    const priceList = priced
      ? linesOf(priced, priced.service.classMinutes ?? baseMinutes)
      : [
          {
            kind: 'service' as const,
            addOnId: null,
            name: service.name,
            priceCents: service.priceCents,
            minutes: baseMinutes,
          },
        ];
    // A member's car: the plan pays what it covers, and the rest is paid as usual.
    const coverage = priced?.vehicle
      ? await coverageFor(tx, {
          customerId: request.customerId,
          vehicleId: priced.vehicle.id,
          serviceId: request.serviceId,
          addOnIds: priced.addOns.map((addOn) => addOn.id),
          now: request.now,
        })
      : undefined;
    const lines = coverage ? coveredLines(priceList, coverage) : priceList;
    const priceCents = lines.reduce((total, line) => total + line.priceCents, 0);
    // Nothing left to pay: confirmed at once, as a booking paid at the shop is.
    const free = coverage !== undefined && priceCents === 0;
    const due = free ? NOTHING_DUE : await onlineDue(tx, request.serviceId, priceCents, taking.acceptedPolicy);
    const taken = await takeFreeBay(
      tx,
      {
        customerId: request.customerId,
        serviceId: request.serviceId,
        slotId: request.slotId,
        priceCents,
        lines,
        vehicleClass: priced?.vehicleClass ?? null,
        vehicle: priced?.vehicle ?? null,
        clientAddress: request.clientAddress,
        from: slot.startsAt,
        until: jobUntil(slot, request.job, service.bufferMinutes),
        holdUntil: free ? null : taking.holdUntil,
        status: free ? 'confirm' : taking.status,
        payWith: taking.payWith,
        bookedBy: taking.bookedBy,
        customerNote: taking.customerNote,
        policyVersion: due.policyVersion,
        now: request.now,
      },
      bayIds,
    );
    if (taken.kind === 'booked') {
      if (coverage && priced?.vehicle) {
        await redeemWash(tx, {
          membershipId: coverage.membershipId,
          bookingId: taken.bookingId,
          vehicleId: priced.vehicle.id,
          day: slot.date,
        });
      }
      if (free) await tx.update(bookings).set({ payment: 'paid' }).where(eq(bookings.id, taken.bookingId));
      const dayFull = await unpaidHoldsFillDay(tx, {
        date: slot.date,
        bookingId: taken.bookingId,
        percent: request.maxUnpaidDayPercent,
        now: request.now,
      });
      if (dayFull) throw refusalError({ kind: 'dayHeldByUnpaid' }, request.maxPendingHolds);
      return {
        kind: 'booked',
        bookingId: taken.bookingId,
        priceCents,
        service,
        currency: reservation.currency,
        due,
        free,
      };
    }
    if (!taken.lapsedHoldsInTheWay) {
      if (taking.walkInSlot) throw new AppError(409, FRONT_DESK_MESSAGES.walkInNoBay);
      throw refusalError({ kind: 'full' }, request.maxPendingHolds);
    }
    return { kind: 'lapsedHoldsInTheWay' };
  });
}

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

  // A first look, outside any transaction and waiting for no one's turn: what the shop cannot take now (a slot
  // whose bays are all busy, most of a rush) is refused at once, as the transaction would refuse it. What it
  // sees open is only a candidate: the transaction decides, under its locks.
  if (!taking.walkInSlot) {
    const seen = await lookAtReservation(db, request);
    if (seen.kind !== 'open') throw refusalError(seen, request.maxPendingHolds);
  }
  const reserve = async () => {
    try {
      return await reserveAndBook(db, request, priced, taking);
    } catch (error) {
      throw insertRefusal(error) ?? error;
    }
  };
  let reserved = await reserve();
  // A hold that ran out but was not swept yet must not keep the bay from a paying customer.
  if (reserved.kind === 'lapsedHoldsInTheWay') {
    await expireStaleHolds(db, context.provider, context.log, now);
    reserved = await reserve();
  }
  if (reserved.kind !== 'booked') {
    if (taking.walkInSlot) throw new AppError(409, FRONT_DESK_MESSAGES.walkInNoBay);
    throw refusalError({ kind: 'full' }, context.maxPendingHolds);
  }
  const { bookingId, service, currency, due } = reserved;

  const created = await getBooking(db, bookingId);
  if (!created) throw new Error('booking vanished after creation');
  if (paidAtTheShop || reserved.free) return { paymentUrl: '', booking: created, dueOnlineCents: 0 };
  const description = `${service.name}, ${created.slot.date} ${created.slot.startTime}–${created.slot.endTime}`;
  if (due.cardOnly) {
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
      bookingId: created._id,
      amountCents: due.cents,
      currency,
      description,
      customerEmail: customer.email ?? undefined,
      expiresAt: checkoutUntil,
      returnsToResultPage: context.returnOrigin !== undefined,
    });
  } catch (error) {
    context.log.error({ err: error, bookingId: created._id }, 'could not open a checkout; releasing the slot');
    await endPendingBookings(db, [created._id], 'unpaid');
    throw new AppError(503, BOOKING_MESSAGES.providerUnavailable);
  }
  await recordCheckout(db, {
    bookingId: created._id,
    provider: context.provider.name,
    sessionId: checkout.sessionId,
    checkoutUrl: checkout.url,
    returnOrigin: context.returnOrigin ?? null,
    amountCents: due.cents,
    currency,
    purpose: due.purpose,
    savesCard: due.savesCard,
  });
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
