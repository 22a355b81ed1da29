import { FRONT_DESK_MESSAGES, MAX_BOOKING_NOTES } from '@carcare/contracts/front-desk-constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNotes } from '../../src/db/schema';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  waitForLockWaits,
} from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('notes written at once on one booking', () => {
  it(`never take it past ${MAX_BOOKING_NOTES}: the booking is locked while its notes are counted`, async () => {
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Noted Wash', slotCount: 1 });
    const customer = await signedInUser(t.app);
    const { id } = await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');
    const desk = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t.app, 'staff')));
    const room = 5;
    await t.app.db.insert(bookingNotes).values(
      Array.from({ length: MAX_BOOKING_NOTES - room }, (_, index) => ({
        bookingId: id,
        authorName: 'Earlier shift',
        body: `Earlier note ${index}`,
      })),
    );

    // Another writer holds the booking: every note waits for it, then each counts the notes in turn.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from bookings where id = $1 for no key update', [id]);
    const pending = Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.app.inject(
          asUser(desk[index % desk.length] ?? customer, {
            method: 'POST',
            url: `/api/bookings/${id}/notes`,
            payload: { body: `At once ${index}` },
          }),
        ),
      ),
    );
    try {
      await waitForLockWaits(holder, 3);
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    const answers = await pending;
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - room);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.tooManyNotes });
    }
    const stored = await t.app.db.select().from(bookingNotes).where(eq(bookingNotes.bookingId, id));
    expect(stored).toHaveLength(MAX_BOOKING_NOTES);
  });
});
