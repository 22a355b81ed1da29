import type { RescheduleBookingInput } from '@carcare/contracts/bookings';
import { FRONT_DESK_MESSAGES, MOVE_REASONS, type MoveReason } from '@carcare/contracts/front-desk-constants';

/** The reason as chosen: one of MOVE_REASONS, or '' while none is; `text` its words. */
export type MoveReasonChoice = { reason: MoveReason | ''; text: string };

export const NO_MOVE_REASON: MoveReasonChoice = { reason: '', text: '' };

/** The select's value as a reason; anything else is none. */
export const moveReasonOf = (value: string): MoveReason | '' => MOVE_REASONS.find((each) => each === value) ?? '';

/**
 * What the shop's move sends besides the slot (`reason`, and `reasonText` when words were written), or the
 * message of what is missing: a reason, and for Other its words.
 */
export const moveReasonBody = ({
  reason,
  text,
}: MoveReasonChoice): { body: Omit<RescheduleBookingInput, 'slot'> } | { error: string } => {
  const words = text.trim();
  if (reason === '' || (reason === 'other' && words === '')) return { error: FRONT_DESK_MESSAGES.reasonRequired };
  return { body: { reason, ...(words ? { reasonText: words } : {}) } };
};
