import { CANCEL_REASONS, FRONT_DESK_LIMITS } from '@carcare/contracts/front-desk-constants';
import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { FRONT_DESK_WORDS } from '../front-desk-words';

/** The reason as chosen: one of CANCEL_REASONS, 'other' with its words, or '' while none is chosen. */
export type CancelReasonChoice = { choice: string; text: string };

const OTHER = 'other';

export const NO_CANCEL_REASON: CancelReasonChoice = { choice: '', text: '' };

/** The reason the API keeps: the listed one, or the words written for Other; null while there is none. */
export const cancelReasonOf = ({ choice, text }: CancelReasonChoice): string | null => {
  if (choice === OTHER) return text.trim() === '' ? null : text.trim();
  return choice === '' ? null : choice;
};

type CancelReasonFieldProps = {
  value: CancelReasonChoice;
  onChange: (value: CancelReasonChoice) => void;
  error?: string;
};

/** Why the shop cancels: the list of CANCEL_REASONS, or Other with the reason in words. */
export const CancelReasonField = ({ value, onChange, error }: CancelReasonFieldProps) => {
  const id = useId();
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-reason`} className="mb-2 block">
          {FRONT_DESK_WORDS.cancelReason}
        </Label>
        <select
          id={`${id}-reason`}
          value={value.choice}
          aria-invalid={error && value.choice === '' ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => onChange({ ...value, choice: event.target.value })}
          className={inputClassName}
        >
          <option value="">Choose a reason</option>
          {CANCEL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
          <option value={OTHER}>{FRONT_DESK_WORDS.cancelReasonOther}</option>
        </select>
      </div>
      {value.choice === OTHER ? (
        <TextField
          id={`${id}-text`}
          label={FRONT_DESK_WORDS.cancelReasonText}
          maxLength={FRONT_DESK_LIMITS.reason}
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        />
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
};
