import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** What a transaction-scoped advisory lock serialises; each kind has its own class of keys. */
const LOCK_CLASSES = {
  /** The first-start seed: instances starting together on one database seed once. */
  firstStart: 7_204_311,
  /** Slot creation for one service on one day: two admins cannot interleave overlapping ranges. */
  slotDay: 7_204_312,
  /** The order of the bays: adding and moving bays renumber them one at a time. */
  bayOrder: 7_204_313,
  /** The vehicle classes: adding, moving, archiving and choosing the default take turns (count, order, default). */
  vehicleClasses: 7_204_314,
  /** The add-ons: adding and (re)activating them take turns, so that counting the active ones cannot be raced past. */
  addOns: 7_204_315,
  /** The wash club's plans: adding them takes turns, so that counting them cannot be raced past. */
  plans: 7_204_316,
  /** One customer's bookings, so that counting their unpaid holds cannot be raced past. */
  customerBookings: 7_204_320,
  /** The unpaid bookings made from one client address, counted the same way. */
  addressBookings: 7_204_321,
  /** One day's unpaid holds, so that their share of the day's bay time cannot be raced past. */
  unpaidDay: 7_204_322,
  /** One customer's reviews, so that counting their reviews of the day cannot be raced past. */
  customerReviews: 7_204_330,
  /** One customer's garage, so that counting their live vehicles cannot be raced past. */
  customerGarage: 7_204_331,
  /** The overview's daily figures: one instance recomputes the changed days at a time. */
  reportDays: 7_204_340,
  /** One account's password reset links, so that counting the mails of the hour cannot be raced past. */
  passwordResets: 7_204_350,
  /**
   * One stored image, by its hash: storing it and pointing a user at it, deleting it once no user shows it,
   * and removing its bytes from the image storage take turns, so a deletion never takes an image from
   * someone who has just uploaded the same picture.
   */
  image: 7_204_360,
  /**
   * The customers' phones and emails as the front desk adds customers: two adding one phone at once take
   * turns, so the second sees the first and is told the phone is taken.
   */
  customerContacts: 7_204_370,
  /** One customer's waitlist entries, so that a second live entry for one service cannot be raced in. */
  customerWaitlist: 7_204_380,
} as const;

/**
 * Waits for, then holds until the transaction ends, the lock on `key` of this kind: transactions that
 * take the same lock run their checks one after another, on any number of instances.
 */
export async function lockUntilCommit(tx: Executor, kind: keyof typeof LOCK_CLASSES, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASSES[kind]}, hashtext(${key}))`);
}

/**
 * `lockUntilCommit` for many keys of one kind in one statement, taken one after another in the order given:
 * callers that lock overlapping sets pass them in one order (sorted), so that none waits on another crosswise.
 */
export function lockAllUntilCommit(
  tx: Executor,
  kind: keyof typeof LOCK_CLASSES,
  keys: readonly string[],
): Promise<void> {
  return lockEachUntilCommit(
    tx,
    keys.map((key) => [kind, key] as const),
  );
}

/**
 * `lockUntilCommit` for locks of several kinds in one statement, taken one after another in the order given:
 * one round trip where a transaction needs them all before it starts its checks.
 */
export async function lockEachUntilCommit(
  tx: Executor,
  locks: ReadonlyArray<readonly [kind: keyof typeof LOCK_CLASSES, key: string]>,
): Promise<void> {
  if (locks.length === 0) return;
  const keyed = locks.map(([kind, key]) => ({ class: LOCK_CLASSES[kind], key }));
  await tx.execute(sql`select pg_advisory_xact_lock((lock.value->>'class')::integer, hashtext(lock.value->>'key'))
    from jsonb_array_elements(${JSON.stringify(keyed)}::jsonb) with ordinality as lock(value, position)
    order by lock.position`);
}

/**
 * The class of a kind of lock, for the database's own functions that take it (`pg_advisory_xact_lock(class,
 * hashtext(key))`, as `lockUntilCommit` does): they are given it, so that each kind keeps one number.
 */
export const lockClassOf = (kind: keyof typeof LOCK_CLASSES): number => LOCK_CLASSES[kind];
