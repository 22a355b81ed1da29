import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { washClub } from '../../../test/wash-club';
import { renewalReminders, sandboxClock } from '../../db/schema';
import type { Mail, Mailer } from '../../lib/mailer';
import { clubShopOf } from './club-billing';
import { STALE_RENEWAL_CLAIM_MS, sendRenewalReminders } from './renewal-reminders';

let t: TestApp;
let club: Awaited<ReturnType<typeof washClub>>;
let yearly: string;
let monthly: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  club = await washClub(t);
  [yearly, monthly] = (await club.makePlans([
    { kind: 'membership', name: 'Yearly Club', priceCents: 29_900, interval: 'year' },
    { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
  ])) as [string, string];
});
afterAll(async () => {
  await t.close();
});

/** A mailer that keeps what it is given, or fails every send. */
function recordingMailer(fails = false): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (mail) => {
      if (fails) throw new Error('the mail server is away');
      sent.push(mail);
    },
  };
}

const remind = (mailer: Mailer, now: Date) =>
  sendRenewalReminders(t.app.db, mailer, { ...clubShopOf(t.app), publicUrl: t.config.publicUrl }, t.app.log, now);

/**
 * The real time at which the sandbox's clock reads `instant`: the job judges the sandbox's memberships by its
 * clock, which tests move ahead of the real one.
 */
const whenSandboxReads = async (instant: Date) => {
  const [clock] = await t.database.db.select().from(sandboxClock).where(eq(sandboxClock.id, 1));
  return new Date(instant.getTime() - (clock?.offsetSeconds ?? 0) * 1000);
};

/** A yearly member (and the membership's renewal) joined on the sandbox's checkout. */
async function yearlyMember() {
  const { customer, vehicle } = await club.customerWithCar();
  const id = await club.join(customer, yearly, [vehicle]);
  const renews = new Date((await club.read(customer, id)).periodEnd);
  return { customer, id, renews };
}

describe('the renewal reminder', () => {
  it('emails a yearly member once, within 7 days of the renewal, with the day, the price and the page', async () => {
    const { customer, id, renews } = await yearlyMember();
    const mailer = recordingMailer();
    expect(await remind(mailer, await whenSandboxReads(new Date(renews.getTime() - 8 * DAY_MS)))).toBe(0);

    const sixDaysBefore = await whenSandboxReads(new Date(renews.getTime() - 6 * DAY_MS));
    expect(await remind(mailer, sixDaysBefore)).toBe(1);
    const [mail] = mailer.sent;
    // The club's emails write the day in full, as they all do.
    const day = new Intl.DateTimeFormat(t.config.business.locale, {
      dateStyle: 'long',
      timeZone: t.app.shop.current().settings.timeZone,
    }).format(renews);
    expect(mail).toMatchObject({
      to: customer.email,
      subject: `${t.app.shop.current().settings.businessName}: your Yearly Club renews on ${day}`,
    });
    expect(mail?.text).toContain(`renews on ${day}, and $299.00 will be charged to your card for the year ahead.`);
    expect(mail?.text).toContain(`${t.config.publicUrl}/dashboard/user/membership`);
    const [kept] = await t.database.db.select().from(renewalReminders).where(eq(renewalReminders.membershipId, id));
    expect(kept).toEqual({ membershipId: id, periodEnd: renews, claimedAt: sixDaysBefore, sentAt: sixDaysBefore });

    // Later runs, on this instance or another, send it no more this period.
    const later = await whenSandboxReads(new Date(renews.getTime() - DAY_MS));
    expect(await Promise.all([remind(mailer, later), remind(recordingMailer(), later)])).toEqual([0, 0]);
    expect(mailer.sent).toHaveLength(1);

    // The sandbox renews it: the next year's renewal is reminded in its turn.
    await club.moveClockPast(renews);
    const next = new Date((await club.read(customer, id)).periodEnd);
    expect(next.getTime() - renews.getTime()).toBeGreaterThan(364 * DAY_MS);
    expect(await remind(mailer, await whenSandboxReads(new Date(next.getTime() - 7 * DAY_MS)))).toBe(1);
    expect(mailer.sent.map((each) => each.to)).toEqual([customer.email, customer.email]);
  });

  it('is sent once by instances running at once', async () => {
    const { renews } = await yearlyMember();
    const first = recordingMailer();
    const second = recordingMailer();
    const now = await whenSandboxReads(new Date(renews.getTime() - 3 * DAY_MS));
    const counts = await Promise.all([remind(first, now), remind(second, now)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(first.sent.length + second.sent.length).toBe(1);
  });

  it('is tried again after a failed send, and a claim left by a stopped instance is taken over after a while', async () => {
    const { id, renews } = await yearlyMember();
    const now = await whenSandboxReads(new Date(renews.getTime() - 5 * DAY_MS));
    expect(await remind(recordingMailer(true), now)).toBe(0);
    expect(await t.database.db.select().from(renewalReminders).where(eq(renewalReminders.membershipId, id))).toEqual(
      [],
    );

    // Another instance claimed it and stopped before sending.
    await t.database.db.insert(renewalReminders).values({ membershipId: id, periodEnd: renews, claimedAt: now });
    const mailer = recordingMailer();
    expect(await remind(mailer, new Date(now.getTime() + STALE_RENEWAL_CLAIM_MS - 1000))).toBe(0);
    expect(await remind(mailer, new Date(now.getTime() + STALE_RENEWAL_CLAIM_MS + 1000))).toBe(1);
  });

  it('is not sent for a monthly plan, a cancelled yearly one, or one given by the shop', async () => {
    const monthlyMember = await club.customerWithCar();
    const monthlyId = await club.join(monthlyMember.customer, monthly, [monthlyMember.vehicle]);
    const cancelled = await yearlyMember();
    await club.call(cancelled.customer, 'POST', `/api/memberships/${cancelled.id}/cancel`);
    const given = await club.customerWithCar();
    const comped = await club.call(club.admin, 'POST', '/api/memberships/comp', {
      customer: given.customer.id,
      plan: yearly,
      vehicles: [given.vehicle],
      months: 12,
    });
    expect(comped.statusCode).toBe(201);
    const monthlyRenews = new Date((await club.read(monthlyMember.customer, monthlyId)).periodEnd);

    const mailer = recordingMailer();
    await remind(mailer, await whenSandboxReads(new Date(monthlyRenews.getTime() - DAY_MS)));
    await remind(mailer, await whenSandboxReads(new Date(cancelled.renews.getTime() - DAY_MS)));
    await remind(mailer, new Date(Date.parse(comped.json().data.periodEnd) - DAY_MS));
    const concerned = [monthlyMember.customer.email, cancelled.customer.email, given.customer.email];
    expect(mailer.sent.filter((mail) => concerned.includes(mail.to))).toEqual([]);
  });
});
