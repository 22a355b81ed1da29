import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmedBookingOver } from '../../../../test/booking-rows';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  storedCustomer,
  type TestApp,
} from '../../../../test/helper';
import { bookings } from '../../../db/schema';
import type { Mail, Mailer } from '../../../lib/mailer';
import { sendDueReminders } from './reminders';
import { currentShopDetails } from './shop-details';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each test starts with no confirmed booking: the job looks at every booking in the database.
afterEach(async () => {
  await t.app.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.status, 'confirm'));
});

/** A mailer that keeps what it is given. */
function recordingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (mail) => {
      sent.push(mail);
    },
  };
}

const remind = (mailer: Mailer, now: Date) =>
  sendDueReminders(t.app.db, mailer, currentShopDetails(t.app), t.app.log, now);

let counter = 0;

/**
 * A paid, confirmed hour-long booking starting at `startsAt` (to the minute), on a bay of its own, stored
 * straight in the database: the job reads nothing else, and a booking already past can be made too.
 */
async function confirmedBookingAt(startsAt: Date) {
  counter += 1;
  const start = new Date(Math.floor(startsAt.getTime() / MINUTE) * MINUTE);
  const end = new Date(start.getTime() + HOUR);
  const customer = await storedCustomer(t.app, {
    firstName: 'Remi',
    lastName: `Customer ${counter}`,
    email: `remi${counter}.${randomUUID().slice(0, 8)}@example.com`,
  });
  const { booking, service, bay, slot } = await confirmedBookingOver(t.app.db, customer.id, { start, end }, 'Reminder');
  return { id: booking.id, email: customer.email, service, bay, slot, startsAt: start };
}

const reminderState = async (id: string) => {
  const [row] = await t.app.db
    .select({ claimedAt: bookings.reminderClaimedAt, sentAt: bookings.reminderSentAt })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
};

const recipients = (mailer: { sent: Mail[] }) => mailer.sent.map((mail) => mail.to).sort();

describe('the reminder job', () => {
  it(`reminds a booking once it starts within REMINDER_HOURS_BEFORE (24) hours, and only once`, async () => {
    const now = new Date();
    const due = await confirmedBookingAt(new Date(now.getTime() + 23 * HOUR));
    const later = await confirmedBookingAt(new Date(now.getTime() + 26 * HOUR));
    const mailer = recordingMailer();

    expect(await remind(mailer, now)).toBe(1);
    expect(recipients(mailer)).toEqual([due.email]);
    expect(await reminderState(due.id)).toEqual({ claimedAt: now, sentAt: now });
    expect(await reminderState(later.id)).toEqual({ claimedAt: null, sentAt: null });

    const [mail] = mailer.sent;
    const { name, contact } = t.config.business;
    // The app's one date format in the default locale (en-US): 'Nov 26, 2026'.
    const day = `${due.startsAt.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })} ${due.startsAt.getUTCDate()}, ${due.startsAt.getUTCFullYear()}`;
    expect(mail?.subject).toBe(`${name}: reminder of your ${due.service.name} on ${day} at ${due.slot.startTime}`);
    expect(mail?.text).toBe(
      [
        'Hello Remi,',
        `This is a reminder of your booking at ${name}.`,
        [
          `Service: ${due.service.name}`,
          `Date:    ${day}`,
          `Time:    ${due.slot.startTime}–${due.slot.endTime} (UTC)`,
          `Bay:     ${due.bay.name}`,
          `Where:   ${contact.address}`,
        ].join('\n'),
        `If you cannot come, please let us know: ${contact.phone} or ${contact.email}.`,
        `Your bookings: ${t.config.publicUrl}/dashboard/user/my-bookings`,
        `${name}\n${contact.address}\n${contact.phone} · ${contact.email}\n`,
      ].join('\n\n'),
    );
    expect(mail?.html).toContain('>See you soon</h1>');
    expect(mail?.html).toContain(`>${due.service.name}</td>`);
    expect(mail?.html).toContain(`>${due.slot.startTime}–${due.slot.endTime} (UTC)</td>`);
    expect(mail?.html).toContain(`>${due.bay.name}</td>`);
    expect(mail?.attachments).toBeUndefined();

    // The job runs again a minute later, and an hour later: nothing new is due.
    expect(await remind(mailer, new Date(now.getTime() + MINUTE))).toBe(0);
    expect(await remind(mailer, new Date(now.getTime() + HOUR))).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    // Two hours later the second booking's window has opened.
    expect(await remind(mailer, new Date(now.getTime() + 2 * HOUR))).toBe(1);
    expect(recipients(mailer)).toEqual([due.email, later.email].sort());
  });

  it('never reminds a booking that has started or is over', async () => {
    const now = new Date();
    const soon = await confirmedBookingAt(new Date(now.getTime() + 2 * HOUR));
    const mailer = recordingMailer();

    expect(await remind(mailer, soon.startsAt)).toBe(0);
    expect(await remind(mailer, new Date(soon.startsAt.getTime() + MINUTE))).toBe(0);
    expect(await remind(mailer, new Date(soon.startsAt.getTime() + 3 * HOUR))).toBe(0);
    expect(mailer.sent).toEqual([]);
    expect(await reminderState(soon.id)).toEqual({ claimedAt: null, sentAt: null });
  });

  it('catches up after downtime: a booking whose window opened meanwhile is reminded if it has not started', async () => {
    const now = new Date();
    // No instance ran for the last 14 hours: this booking's window opened 14 hours ago.
    const ahead = await confirmedBookingAt(new Date(now.getTime() + 10 * HOUR));
    // And this one started half an hour ago without its reminder.
    const started = await confirmedBookingAt(new Date(now.getTime() - 30 * MINUTE));
    const mailer = recordingMailer();

    expect(await remind(mailer, now)).toBe(1);
    expect(recipients(mailer)).toEqual([ahead.email]);
    expect(await reminderState(started.id)).toEqual({ claimedAt: null, sentAt: null });
  });

  it('takes over a claim left by an instance that died, never one still being sent', async () => {
    const now = new Date();
    const abandoned = await confirmedBookingAt(new Date(now.getTime() + 5 * HOUR));
    const inFlight = await confirmedBookingAt(new Date(now.getTime() + 6 * HOUR));
    const sixMinutesAgo = new Date(now.getTime() - 6 * MINUTE);
    const aMinuteAgo = new Date(now.getTime() - MINUTE);
    await t.app.db.update(bookings).set({ reminderClaimedAt: sixMinutesAgo }).where(eq(bookings.id, abandoned.id));
    await t.app.db.update(bookings).set({ reminderClaimedAt: aMinuteAgo }).where(eq(bookings.id, inFlight.id));
    const mailer = recordingMailer();

    expect(await remind(mailer, now)).toBe(1);
    expect(recipients(mailer)).toEqual([abandoned.email]);
    expect(await reminderState(abandoned.id)).toEqual({ claimedAt: now, sentAt: now });
    expect(await reminderState(inFlight.id)).toEqual({ claimedAt: aMinuteAgo, sentAt: null });

    // Five minutes on, the other claim was never marked sent either: its instance died too.
    const fiveMinutesOn = new Date(now.getTime() + 5 * MINUTE);
    expect(await remind(mailer, fiveMinutesOn)).toBe(1);
    expect(recipients(mailer)).toEqual([abandoned.email, inFlight.email].sort());
    expect(await reminderState(inFlight.id)).toEqual({ claimedAt: fiveMinutesOn, sentAt: fiveMinutesOn });
  });

  it('gives the claim up when the mail cannot be sent, and sends it at the next run', async () => {
    const now = new Date();
    const booking = await confirmedBookingAt(new Date(now.getTime() + 3 * HOUR));
    const logged = vi.spyOn(t.app.log, 'error');
    const broken: Mailer = {
      send: async () => {
        throw new Error('the mail server is down');
      },
    };
    try {
      expect(await remind(broken, now)).toBe(0);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ bookingId: booking.id, err: expect.any(Error) }),
        'could not send a booking reminder; the next run tries again',
      );
    } finally {
      logged.mockRestore();
    }
    expect(await reminderState(booking.id)).toEqual({ claimedAt: null, sentAt: null });

    const mailer = recordingMailer();
    const nextRun = new Date(now.getTime() + MINUTE);
    expect(await remind(mailer, nextRun)).toBe(1);
    expect(recipients(mailer)).toEqual([booking.email]);
    expect(await reminderState(booking.id)).toEqual({ claimedAt: nextRun, sentAt: nextRun });
  });

  it('sends each reminder once when two runs go at once', async () => {
    const now = new Date();
    const due = [];
    for (let hour = 1; hour <= 6; hour++) due.push(await confirmedBookingAt(new Date(now.getTime() + hour * HOUR)));
    const mailer = recordingMailer();

    const counts = await Promise.all([remind(mailer, now), remind(mailer, now)]);
    expect(counts[0] + counts[1]).toBe(6);
    expect(recipients(mailer)).toEqual(due.map((booking) => booking.email).sort());
    for (const booking of due) expect(await reminderState(booking.id)).toEqual({ claimedAt: now, sentAt: now });
  });

  it('reminds a moved booking again, for its new time', async () => {
    const customer = await signedInUser(t.app);
    const { service, slots: open } = await serviceWithSlots(t.app, { name: 'Moving Wash' });
    const [first, second] = open;
    if (!first || !second) throw new Error('slots were not created');
    const { id } = await paidBooking(t.app, customer, service.id, first.id);
    const mailer = recordingMailer();

    expect(await remind(mailer, new Date(first.startsAt.getTime() - 23 * HOUR))).toBe(1);
    expect(mailer.sent[0]?.text).toContain('Time:    08:00–09:00 (UTC)');
    const moved = await t.app.inject(
      asUser(customer, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot: second.id } }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await reminderState(id)).toEqual({ claimedAt: null, sentAt: null });

    expect(await remind(mailer, new Date(second.startsAt.getTime() - 23 * HOUR))).toBe(1);
    expect(mailer.sent.map((mail) => mail.to)).toEqual([customer.email, customer.email]);
    expect(mailer.sent[1]?.text).toContain('Time:    09:00–10:00 (UTC)');
  });
});
