import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../../db/client';
import { bookings, cardSetups, ledgerEntries, payments, savedCards, users } from '../../../db/schema';
import type { PaymentProvider, SavedCardReport } from '../../payments/public';
import { checkoutDoorUrl } from './open-checkout';

/** A customer's card on file with a provider, as the shop may show it and the provider charge it. */
export type CardOnFile = {
  id: string;
  provider: string;
  customerRef: string;
  paymentMethodRef: string;
  brand: string;
  last4: string;
  createdAt: Date;
};

/** The customer's live card on file with the provider, if they saved one. */
export async function cardOnFileOf(
  db: Executor,
  customerId: string,
  provider: string,
): Promise<CardOnFile | undefined> {
  const [card] = await db
    .select({
      id: savedCards.id,
      provider: savedCards.provider,
      customerRef: savedCards.customerRef,
      paymentMethodRef: savedCards.paymentMethodRef,
      brand: savedCards.brand,
      last4: savedCards.last4,
      createdAt: savedCards.createdAt,
    })
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.provider, provider), isNull(savedCards.removedAt)))
    .limit(1);
  return card;
}

/** The provider's customer we last knew for ours (a replaced card's too), so that a new card joins it. */
export async function providerCustomerOf(db: Executor, customerId: string, provider: string) {
  const [known] = await db
    .select({ customerRef: savedCards.customerRef })
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.provider, provider)))
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  return known?.customerRef;
}

/**
 * What a checkout needs to keep the card the customer pays with (`createCheckout`'s request, beside
 * `recordCheckout`'s `savesCard: true`): the customer, and the provider's customer we already know for them.
 */
export async function cardSavingFor(db: Executor, provider: string, customerId: string) {
  return { saveCard: true, customerId, customerRef: await providerCustomerOf(db, customerId, provider) };
}

/** Our customer ids are UUIDs. */
const ourCustomerId = z.uuid();

/** Tries to save the card once: undefined when another card of the customer's was saved in between. */
async function insertCard(db: Executor, provider: string, card: SavedCardReport) {
  const known = sql`exists (select 1 from ${savedCards} where ${savedCards.provider} = ${provider} and ${savedCards.paymentMethodRef} = ${card.paymentMethodRef})`;
  // One statement: the customer's live card is removed and the new one saved together, or neither when this
  // card is saved already (the provider reported it before). The insert reads the removal's count, so that
  // the removal is done before the insert meets the one-live-card index.
  const result = await db.execute(sql`
    with "removed" as (
      update ${savedCards} set "removed_at" = now()
      where ${savedCards.customerId} = ${card.customerId} and ${savedCards.provider} = ${provider}
        and ${savedCards.removedAt} is null and not ${known}
      returning 1
    )
    insert into ${savedCards} ("customer_id", "provider", "customer_ref", "payment_method_ref", "brand", "last4")
    select ${card.customerId}, ${provider}, ${card.customerRef}, ${card.paymentMethodRef}, ${card.brand}, ${card.last4}
    from (select count(*) from "removed") as "done"
    where not ${known}
    on conflict do nothing
    returning "id"`);
  // Both drivers (node-postgres, PGlite) answer with the rows.
  return (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
}

/**
 * Keeps the card a provider reports a checkout saved as the customer's card on file, replacing the one they had
 * with that provider; the card setup that saved it, if one did, is marked done. Once however often it is reported.
 * Answers the card when this report saved it (undefined for a repeat), and the booking its setup confirmed, if it
 * confirmed one: its customer is owed the confirmation.
 */
export async function storeSavedCard(
  db: Executor,
  provider: string,
  card: SavedCardReport,
): Promise<{ cardId: string | undefined; confirmedBookingId: string | undefined }> {
  const last4 = /^[0-9]{4}$/.test(card.last4) ? card.last4 : undefined;
  // Reported for a customer we never had (the provider's metadata is all it knows of ours): nothing to keep.
  if (!last4 || !ourCustomerId.safeParse(card.customerId).success) return NOTHING_SAVED;
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, card.customerId));
  if (!customer) return NOTHING_SAVED;
  const brand = card.brand.slice(0, 40) || 'card';
  const reported = { ...card, brand, last4 };
  // Two cards of one customer saved at the same moment: the one that lost the race to the one-live-card index
  // tries again, and replaces the other.
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt += 1) {
    const id = await insertCard(db, provider, reported);
    const saved = id ?? (await savedCardIdOf(db, provider, card.paymentMethodRef));
    if (saved) return { cardId: id, confirmedBookingId: await markCardSetupSaved(db, provider, card.sessionId, saved) };
  }
  // The provider reports it again (the webhook answers 500), and it is saved then.
  throw new Error(`card ${card.paymentMethodRef} of customer ${card.customerId} lost ${MAX_SAVE_ATTEMPTS} races`);
}

const NOTHING_SAVED = { cardId: undefined, confirmedBookingId: undefined };

/** How often a card that lost the race to another card of its customer tries again. */
const MAX_SAVE_ATTEMPTS = 10;

async function savedCardIdOf(db: Executor, provider: string, paymentMethodRef: string) {
  const [saved] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.provider, provider), eq(savedCards.paymentMethodRef, paymentMethodRef)));
  return saved?.id;
}

/**
 * Marks the setup done; a booking it was opened for, paid at the shop with its card saved, is confirmed then:
 * nothing was due online, so its `payment` is paid (decision 039). Still holding its time, or nothing changes.
 * Answers the booking when this call confirmed it.
 */
async function markCardSetupSaved(
  db: Executor,
  provider: string,
  sessionId: string,
  savedCardId: string,
): Promise<string | undefined> {
  const [setup] = await db
    .update(cardSetups)
    .set({ savedCardId, savedAt: new Date() })
    .where(and(eq(cardSetups.provider, provider), eq(cardSetups.sessionId, sessionId), isNull(cardSetups.savedAt)))
    .returning({ bookingId: cardSetups.bookingId });
  if (!setup?.bookingId) return undefined;
  const [confirmed] = await db
    .update(bookings)
    .set({ status: 'confirm', payment: 'paid', holdExpiresAt: null })
    .where(and(eq(bookings.id, setup.bookingId), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id });
  return confirmed?.id;
}

/** A card setup at its provider, by its session. */
export async function findCardSetup(db: Executor, provider: string, sessionId: string) {
  const [setup] = await db
    .select()
    .from(cardSetups)
    .where(and(eq(cardSetups.provider, provider), eq(cardSetups.sessionId, sessionId)))
    .limit(1);
  return setup;
}

export type CardSetupInput = {
  customerId: string;
  bookingId?: string;
  customerEmail?: string;
  currency: string;
  description: string;
  /** Where the customer goes once done. */
  returnUrl: string;
  publicUrl: string;
};

/**
 * Opens a checkout that takes nothing and saves the customer's card for later charges (a booking paid at the
 * shop, charged to the card then). Returns the link to send the customer: our own `/pay/<session>`.
 */
export async function openCardSetup(db: Executor, provider: PaymentProvider, input: CardSetupInput) {
  const session = await provider.createCardSetup({
    customerId: input.customerId,
    customerRef: await providerCustomerOf(db, input.customerId, provider.name),
    bookingId: input.bookingId,
    customerEmail: input.customerEmail,
    currency: input.currency,
    description: input.description,
    returnUrl: input.returnUrl,
  });
  await db.insert(cardSetups).values({
    provider: provider.name,
    sessionId: session.sessionId,
    customerId: input.customerId,
    bookingId: input.bookingId,
    checkoutUrl: session.url,
    returnUrl: input.returnUrl,
  });
  return { sessionId: session.sessionId, url: checkoutDoorUrl(input.publicUrl, session.sessionId) };
}

/** What a charge of a booking's money to the card on file is for (a refund is never charged). */
export type CardChargeKind = 'deposit' | 'full' | 'balance' | 'fee';

export type CardChargeInput = {
  bookingId: string;
  customerId: string;
  amountCents: number;
  currency: string;
  kind: CardChargeKind;
  /** What the customer's statement and the provider show, e.g. "No-show fee, Premium Wash 2026-11-24". */
  description: string;
  /**
   * Ours for this charge (e.g. `fee-<bookingId>`): the same key never charges or records twice, and asking
   * again after an error asks the provider with the same key.
   */
  idempotencyKey: string;
  /** The staff member or administrator charging. */
  recordedBy?: string;
  publicUrl: string;
};

/**
 * How a charge of the card on file ended: taken and written in the ledger (`entryId`); waiting for the
 * customer to authenticate and pay at `url` (a checkout of the same amount and kind, written in the ledger
 * once paid); refused for the card; or impossible, the customer having no card on file with the provider.
 */
export type CardChargeResult =
  | { status: 'charged'; entryId: string; paymentRef: string }
  | { status: 'requires_action'; url: string; sessionId: string }
  | { status: 'declined'; message: string }
  | { status: 'no_card' };

/** What the booking still owes for the job: its price less what its ledger holds for it (fees apart). */
async function owedForTheJob(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      price: bookings.priceCents,
      paid: sql<number>`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id} and ${ledgerEntries.kind} <> 'fee'), 0)::int`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ? row.price - row.paid : 0;
}

async function entryByKey(db: Executor, idempotencyKey: string) {
  const [entry] = await db
    .select({ id: ledgerEntries.id, providerReference: ledgerEntries.providerReference })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return entry && { status: 'charged' as const, entryId: entry.id, paymentRef: entry.providerReference ?? '' };
}

/**
 * Charges the customer's card on file without them, through the provider, and writes the money in the ledger
 * (method card_on_file, under the idempotency key). A charge already recorded under the key is answered from the
 * ledger without asking the provider again. Throws when the provider cannot be reached (asking again with the
 * same key is safe), and before asking it when a charge for the job (not a fee) is more than the booking still
 * owes; the ledger refuses such money too (ledger_entries_within_price) should two charges race. Not for use inside a transaction: the provider is asked between its writes.
 */
export async function chargeCardOnFile(
  db: Database,
  provider: PaymentProvider,
  input: CardChargeInput,
): Promise<CardChargeResult> {
  const recorded = await entryByKey(db, input.idempotencyKey);
  if (recorded) return recorded;
  if (input.kind !== 'fee') {
    // Asked before any money moves; the ledger's own check (ledger_entries_within_price) settles a race.
    const owed = await owedForTheJob(db, input.bookingId);
    if (input.amountCents > owed) {
      throw new Error(
        `a charge of ${input.amountCents} cents is more than the ${owed} cents booking ${input.bookingId} owes`,
      );
    }
  }
  const card = await cardOnFileOf(db, input.customerId, provider.name);
  if (!card) return { status: 'no_card' };
  const result = await provider.chargeSavedCard({
    customerRef: card.customerRef,
    paymentMethodRef: card.paymentMethodRef,
    amountCents: input.amountCents,
    currency: input.currency,
    description: input.description,
    idempotencyKey: input.idempotencyKey,
    bookingId: input.bookingId,
  });
  if (result.status === 'declined') return result;
  if (result.status === 'requires_action') {
    // The customer pays on a checkout of ours like any other: its payment is written in the ledger once paid.
    await db
      .insert(payments)
      .values({
        bookingId: input.bookingId,
        provider: provider.name,
        sessionId: result.sessionId,
        checkoutUrl: result.url,
        returnOrigin: null,
        amountCents: input.amountCents,
        currency: input.currency,
        purpose: input.kind,
      })
      .onConflictDoNothing();
    return {
      status: 'requires_action',
      sessionId: result.sessionId,
      url: checkoutDoorUrl(input.publicUrl, result.sessionId),
    };
  }
  try {
    const [entry] = await db
      .insert(ledgerEntries)
      .values({
        bookingId: input.bookingId,
        kind: input.kind,
        method: 'card_on_file',
        amountCents: input.amountCents,
        provider: provider.name,
        providerReference: result.paymentRef,
        idempotencyKey: input.idempotencyKey,
        recordedBy: input.recordedBy,
      })
      .returning({ id: ledgerEntries.id });
    if (!entry) throw new Error(`the ledger did not record charge ${input.idempotencyKey}`);
    return { status: 'charged', entryId: entry.id, paymentRef: result.paymentRef };
  } catch (error) {
    // The same charge recorded at the same moment by another request (the provider gave both the same payment).
    const raced = await entryByKey(db, input.idempotencyKey);
    if (raced) return raced;
    throw error;
  }
}
