import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES, MAX_BOOKING_NOTES } from '@carcare/contracts/front-desk-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { bookingNotes, users } from '../../../db/schema';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  customer = await signedInUser(t.app);
  await t.app.db.update(users).set({ firstName: 'Sam', lastName: 'Desk' }).where(eq(users.id, staff.id));
});
afterAll(async () => {
  await t.close();
});

async function aBooking() {
  const { service, slots } = await serviceWithSlots(t.app, { slotCount: 1 });
  return (await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '')).id;
}

const notesUrl = (id: string) => `/api/bookings/${id}/notes`;
const addNote = (caller: TestUser | null, id: string, payload: unknown) => {
  const options = { method: 'POST' as const, url: notesUrl(id), payload: payload as object };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const readNotes = (caller: TestUser | null, id: string) => {
  const options = { method: 'GET' as const, url: notesUrl(id) };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const storedNotes = (id: string) =>
  t.app.db.select().from(bookingNotes).where(eq(bookingNotes.bookingId, id)).orderBy(asc(bookingNotes.createdAt));

describe('notes on a booking', () => {
  it("are written by staff and the administrator, signed with the author's name, and read oldest first", async () => {
    const id = await aBooking();
    const first = await addNote(staff, id, { body: '  Dog hair in the boot: bring the big vacuum  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      message: FRONT_DESK_MESSAGES.noteAdded,
      data: {
        _id: expect.any(String),
        body: 'Dog hair in the boot: bring the big vacuum',
        author: { _id: staff.id, name: 'Sam Desk' },
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const second = await addNote(admin, id, { body: 'Called: running 10 minutes late' });
    expect(second.statusCode).toBe(201);

    const read = await readNotes(staff, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      message: FRONT_DESK_MESSAGES.notesRetrieved,
      data: [first.json().data, second.json().data],
    });
    expect((await readNotes(admin, id)).json().data).toHaveLength(2);
    expect(await storedNotes(id)).toEqual([
      expect.objectContaining({ authorId: staff.id, authorName: 'Sam Desk', body: first.json().data.body }),
      expect.objectContaining({ authorId: admin.id, body: 'Called: running 10 minutes late' }),
    ]);

    // The author's name stays with the note when the account changes or goes.
    await t.app.db.update(users).set({ firstName: 'Samuel' }).where(eq(users.id, staff.id));
    expect((await readNotes(admin, id)).json().data[0].author).toEqual({ _id: staff.id, name: 'Sam Desk' });
    await t.app.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, staff.id));
  });

  it('are never shown to the customer, on the notes or on the booking', async () => {
    const id = await aBooking();
    await addNote(staff, id, { body: 'Paid in coins last time' });
    const theirs = await readNotes(customer, id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });
    const write = await addNote(customer, id, { body: 'Let me in' });
    expect(write.statusCode).toBe(403);
    expect((await readNotes(null, id)).statusCode).toBe(401);
    expect((await addNote(null, id, { body: 'Let me in' })).statusCode).toBe(401);
    const booking = await t.app.inject(asUser(customer, { method: 'GET', url: `/api/bookings/${id}` }));
    expect(booking.statusCode).toBe(200);
    expect(booking.body).not.toContain('Paid in coins');
    expect(await storedNotes(id)).toHaveLength(1);
  });

  it('refuse an empty or too long note and an unknown booking, storing nothing', async () => {
    const id = await aBooking();
    const cases = [
      [{}, FRONT_DESK_MESSAGES.noteRequired],
      [{ body: '   ' }, FRONT_DESK_MESSAGES.noteRequired],
      [{ body: 42 }, FRONT_DESK_MESSAGES.noteRequired],
      [{ body: 'x'.repeat(1001) }, FRONT_DESK_MESSAGES.noteTooLong],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await addNote(staff, id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({ success: false, message, errors: [{ path: 'body', message }] });
    }
    expect((await addNote(staff, id, { body: 'x'.repeat(1000) })).statusCode).toBe(201);
    const unknown = crypto.randomUUID();
    for (const response of [await addNote(staff, unknown, { body: 'Hello' }), await readNotes(staff, unknown)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: BOOKING_MESSAGES.notFound });
    }
    expect(await storedNotes(id)).toHaveLength(1);
    expect(await storedNotes(unknown)).toEqual([]);
  });

  it(`keep at most ${MAX_BOOKING_NOTES} a booking, even when written at once`, async () => {
    const id = await aBooking();
    await t.app.db.insert(bookingNotes).values(
      Array.from({ length: MAX_BOOKING_NOTES - 2 }, (_, index) => ({
        bookingId: id,
        authorId: staff.id,
        authorName: 'Sam Desk',
        body: `Note ${index}`,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => addNote(staff, id, { body: `At once ${index}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.tooManyNotes });
    expect(await storedNotes(id)).toHaveLength(MAX_BOOKING_NOTES);
    expect((await readNotes(staff, id)).json().data).toHaveLength(MAX_BOOKING_NOTES);
  });
});
