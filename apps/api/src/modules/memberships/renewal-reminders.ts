import { MEMBERSHIP_RENEWAL_REMINDER_DAYS } from '@carcare/contracts/plans-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, notExists, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { memberships, plans, renewalReminders, users } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { type ClubShop, renewalReminderEmail } from './membership-emails';
import { membershipFor } from './membership-reads';
import { sandboxNow } from './sandbox-billing';

/**
 * A claim this old that was never marked sent belongs to an instance that died while sending: another may take
 * it over. Far longer than one send takes, so a live instance is never overtaken.
 */
export const STALE_RENEWAL_CLAIM_MS = 5 * 60_000;

const PAGE_SIZE = 50;
const DAY_MS = 86_400_000;

type Run = { db: Database; mailer: Mailer; shop: ClubShop & { publicUrl: string }; log: FastifyBaseLogger; now: Date };

/** The period renews within the reminder's days of `clock`, and has not yet. */
const renewsWithin = (clock: Date) =>
  and(
    gt(memberships.periodEnd, clock),
    lte(memberships.periodEnd, new Date(clock.getTime() + MEMBERSHIP_RENEWAL_REMINDER_DAYS * DAY_MS)),
  );

/** Its reminder for this period was sent, or is being sent by a live instance. */
const remindedOrClaimed = (db: Database, now: Date) =>
  db
    .select({ membershipId: renewalReminders.membershipId })
    .from(renewalReminders)
    .where(
      and(
        eq(renewalReminders.membershipId, memberships.id),
        eq(renewalReminders.periodEnd, memberships.periodEnd),
        or(
          isNotNull(renewalReminders.sentAt),
          gt(renewalReminders.claimedAt, new Date(now.getTime() - STALE_RENEWAL_CLAIM_MS)),
        ),
      ),
    );

/**
 * Claims one membership's reminder for its period (of instances that try at once, exactly one inserts or takes
 * over the stale claim), sends it, then marks it sent. A send that fails gives the claim up for the next run.
 */
async function remind(run: Run, membershipId: string, periodEnd: Date, to: string): Promise<boolean> {
  const { db, now } = run;
  const [claimed] = await db
    .insert(renewalReminders)
    .values({ membershipId, periodEnd, claimedAt: now })
    .onConflictDoUpdate({
      target: [renewalReminders.membershipId, renewalReminders.periodEnd],
      set: { claimedAt: now },
      setWhere: and(
        isNull(renewalReminders.sentAt),
        lte(renewalReminders.claimedAt, new Date(now.getTime() - STALE_RENEWAL_CLAIM_MS)),
      ),
    })
    .returning({ membershipId: renewalReminders.membershipId });
  if (!claimed) return false;
  const ours = and(
    eq(renewalReminders.membershipId, membershipId),
    eq(renewalReminders.periodEnd, periodEnd),
    eq(renewalReminders.claimedAt, now),
    isNull(renewalReminders.sentAt),
  );
  try {
    const membership = await membershipFor(db, membershipId, undefined, now);
    if (!membership) throw new Error(`membership ${membershipId} vanished while being reminded`);
    const page = `${run.shop.publicUrl}${siteHref('userMembership')}`;
    await run.mailer.send(renewalReminderEmail(to, membership, run.shop, page));
  } catch (error) {
    run.log.error({ err: error, membershipId }, 'could not send a renewal reminder; the next run tries again');
    await db.delete(renewalReminders).where(ours);
    return false;
  }
  await db.update(renewalReminders).set({ sentAt: now }).where(ours);
  return true;
}

/**
 * The renewal reminder job: emails each member of a yearly plan whose membership renews within
 * MEMBERSHIP_RENEWAL_REMINDER_DAYS days, once a period, however many instances run it. Only one that will renew
 * is reminded (active, not ending, not pausing, billed by a provider). The sandbox's memberships renew on its
 * clock, and are judged by it. Returns how many reminders it sent.
 */
export async function sendRenewalReminders(
  db: Database,
  mailer: Mailer,
  shop: Run['shop'],
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const run: Run = { db, mailer, shop, log, now };
  const sandboxTime = await sandboxNow(db, now);
  const due = and(
    eq(plans.interval, 'year'),
    eq(memberships.status, 'active'),
    eq(memberships.cancelAtPeriodEnd, false),
    isNull(memberships.pausedUntil),
    eq(memberships.comped, false),
    or(
      and(eq(memberships.provider, 'sandbox'), renewsWithin(sandboxTime)),
      and(ne(memberships.provider, 'sandbox'), renewsWithin(now)),
    ),
    notExists(remindedOrClaimed(db, now)),
  );
  let sent = 0;
  let after: { periodEnd: Date; id: string } | undefined;
  // Page by renewal: a reminder given up on is not tried again in the same run.
  for (;;) {
    const cursor: SQL | undefined =
      after &&
      or(
        gt(memberships.periodEnd, after.periodEnd),
        and(eq(memberships.periodEnd, after.periodEnd), gt(memberships.id, after.id)),
      );
    const page = await db
      .select({ id: memberships.id, periodEnd: memberships.periodEnd, email: users.email })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .innerJoin(users, eq(users.id, memberships.customerId))
      .where(and(due, cursor))
      .orderBy(asc(memberships.periodEnd), asc(memberships.id))
      .limit(PAGE_SIZE);
    for (const candidate of page) {
      if (
        candidate.periodEnd &&
        candidate.email &&
        (await remind(run, candidate.id, candidate.periodEnd, candidate.email))
      ) {
        sent += 1;
      }
    }
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last?.periodEnd) return sent;
    after = { periodEnd: last.periodEnd, id: last.id };
  }
}
