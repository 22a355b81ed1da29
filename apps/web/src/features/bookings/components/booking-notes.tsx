import { bookingNoteInputSchema } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useAddBookingNoteMutation, useGetBookingNotesQuery } from '../api/booking-notes';
import { bookingFailureMessage } from '../booking-failure-message';
import { FRONT_DESK_WORDS } from '../front-desk-words';
import { instantText } from '../instant-text';

/** The shop's internal notes on a booking, oldest first, each with its author and time, and a form to add one. */
export const BookingNotes = ({ bookingId }: { bookingId: string }) => {
  const id = useId();
  const { locale } = useDisplayFormat();
  const { data: config } = useGetPublicConfigQuery();
  const timeZone = config?.timeZone ?? 'UTC';
  const { data: notes, isLoading, isError } = useGetBookingNotesQuery(bookingId);
  const [addNote, { isLoading: adding }] = useAddBookingNoteMutation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookingNoteInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FRONT_DESK_MESSAGES.noteRequired);
      return;
    }
    setError(undefined);
    try {
      await addNote({ id: bookingId, body: parsed.data }).unwrap();
      toast.success(FRONT_DESK_MESSAGES.noteAdded);
      setBody('');
    } catch (failure) {
      setError(bookingFailureMessage(failure));
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-semibold">
        {FRONT_DESK_WORDS.notes}
      </h3>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive text-sm">{FRONT_DESK_WORDS.notesFailed}</p> : null}
      {notes && notes.length === 0 ? <p className="text-muted-foreground text-sm">{FRONT_DESK_WORDS.noNotes}</p> : null}
      {notes && notes.length > 0 ? (
        <ul aria-label={FRONT_DESK_WORDS.notes} className="space-y-2 text-sm">
          {notes.map((note) => (
            <li key={note._id} className="rounded-md border p-3">
              <p className="whitespace-pre-wrap break-words">{note.body}</p>
              <p className="mt-1 text-muted-foreground text-xs">
                {note.author.name} · {instantText(note.createdAt, timeZone, locale)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
        <TextAreaField
          id={`${id}-note`}
          label={FRONT_DESK_WORDS.newNote}
          rows={3}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={error}
        />
        <Button type="submit" size="sm" disabled={adding}>
          {FRONT_DESK_WORDS.addNote}
        </Button>
      </form>
    </section>
  );
};
