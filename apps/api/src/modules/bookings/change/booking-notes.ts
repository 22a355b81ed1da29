import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import type { BookingNote } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES, MAX_BOOKING_NOTES } from '@carcare/contracts/front-desk-constants';
import { asc, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { bookingNotes, bookings, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

const noteColumns = {
  id: bookingNotes.id,
  body: bookingNotes.body,
  authorId: bookingNotes.authorId,
  authorName: bookingNotes.authorName,
  createdAt: bookingNotes.createdAt,
};

type NoteRow = { id: string; body: string; authorId: string | null; authorName: string; createdAt: Date };

const toNoteDto = (row: NoteRow): BookingNote => ({
  _id: row.id,
  body: row.body,
  author: { _id: row.authorId, name: row.authorName },
  createdAt: row.createdAt.toISOString(),
});

async function assertBookingExists(db: Executor, bookingId: string, lock: boolean): Promise<void> {
  const query = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  const [found] = lock ? await query.for('no key update') : await query;
  if (!found) throw new AppError(404, BOOKING_MESSAGES.notFound);
}

/** The shop's notes on a booking, oldest first. An unknown booking is 404. */
export async function listBookingNotes(db: Executor, bookingId: string): Promise<BookingNote[]> {
  await assertBookingExists(db, bookingId, false);
  const rows = await db
    .select(noteColumns)
    .from(bookingNotes)
    .where(eq(bookingNotes.bookingId, bookingId))
    .orderBy(asc(bookingNotes.createdAt), asc(bookingNotes.id))
    .limit(MAX_BOOKING_NOTES);
  return rows.map(toNoteDto);
}

/**
 * Adds a note to a booking, signed with its author's name as it is now (kept if the account goes). The
 * booking is locked while its notes are counted, so that two notes at once never take it past
 * MAX_BOOKING_NOTES (409).
 */
export async function addBookingNote(
  db: Database,
  bookingId: string,
  author: Pick<UserRow, 'id' | 'firstName' | 'lastName'>,
  body: string,
): Promise<BookingNote> {
  return db.transaction(async (tx) => {
    await assertBookingExists(tx, bookingId, true);
    const [kept] = await tx.select({ value: count() }).from(bookingNotes).where(eq(bookingNotes.bookingId, bookingId));
    if ((kept?.value ?? 0) >= MAX_BOOKING_NOTES) throw new AppError(409, FRONT_DESK_MESSAGES.tooManyNotes);
    const [note] = await tx
      .insert(bookingNotes)
      .values({ bookingId, authorId: author.id, authorName: `${author.firstName} ${author.lastName}`.trim(), body })
      .returning(noteColumns);
    if (!note) throw new Error(`the note on booking ${bookingId} was not stored`);
    return toNoteDto(note);
  });
}
