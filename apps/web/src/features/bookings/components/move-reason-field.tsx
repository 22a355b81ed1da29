import { FREE_MOVE_REASONS, FRONT_DESK_LIMITS, MOVE_REASONS } from '@carcare/contracts/front-desk-constants';
import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { FRONT_DESK_WORDS, MOVE_REASON_WORDS } from '../front-desk-words';
import { type MoveReasonChoice, moveReasonOf } from '../move-reason';

type MoveReasonFieldProps = { value: MoveReasonChoice; onChange: (value: MoveReasonChoice) => void; error?: string };

/**
 * Why the shop moves a booking, with the note that weather and the shop's request cost the customer nothing;
 * words for Other (and, optionally, for any other reason).
 */
export const MoveReasonField = ({ value, onChange, error }: MoveReasonFieldProps) => {
  const id = useId();
  const { reason } = value;
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-reason`} className="mb-2 block">
          {FRONT_DESK_WORDS.moveReason}
        </Label>
        <select
          id={`${id}-reason`}
          value={reason}
          aria-describedby={error ? `${id}-free ${id}-error` : `${id}-free`}
          onChange={(event) => onChange({ ...value, reason: moveReasonOf(event.target.value) })}
          className={inputClassName}
        >
          <option value="">Choose a reason</option>
          {MOVE_REASONS.map((each) => (
            <option key={each} value={each}>
              {MOVE_REASON_WORDS[each]}
            </option>
          ))}
        </select>
        <p id={`${id}-free`} className="mt-1 text-muted-foreground text-xs">
          {FRONT_DESK_WORDS.freeMoveNotice}
        </p>
      </div>
      {reason !== '' ? (
        <TextField
          id={`${id}-text`}
          label={
            reason === 'other' ? FRONT_DESK_WORDS.moveReasonTextOther : `${FRONT_DESK_WORDS.moveReasonText} (optional)`
          }
          maxLength={FRONT_DESK_LIMITS.reason}
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        />
      ) : null}
      {reason !== '' && FREE_MOVE_REASONS.includes(reason) ? (
        <p role="status" className="text-sm">
          No charge to the customer for this move.
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
};
