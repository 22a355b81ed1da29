import { FRONT_DESK_LIMITS, type PayWith } from '@carcare/contracts/front-desk-constants';
import { TextAreaField } from '@/components/ui/text-area-field';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import { PayWithChoice } from './pay-with-choice';

type PaymentAndNoteProps = {
  payWith: PayWith;
  onPayWithChange: (payWith: PayWith) => void;
  cardOnFile: boolean;
  note: string;
  onNoteChange: (note: string) => void;
};

/** How the booking is paid, and the customer's own note for the staff who do the job. */
export const PaymentAndNote = ({ payWith, onPayWithChange, cardOnFile, note, onNoteChange }: PaymentAndNoteProps) => (
  <>
    <PayWithChoice value={payWith} onChange={onPayWithChange} cardOnFile={cardOnFile} />
    <TextAreaField
      id="new-booking-note"
      label={NEW_BOOKING_WORDS.note}
      placeholder={NEW_BOOKING_WORDS.noteHint}
      rows={3}
      maxLength={FRONT_DESK_LIMITS.customerNote}
      value={note}
      onChange={(event) => onNoteChange(event.target.value)}
    />
  </>
);
