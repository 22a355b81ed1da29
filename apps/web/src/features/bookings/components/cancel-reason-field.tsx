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

/** A reason as offered: the words kept with the booking (one of the shop's list), and how the chooser reads it. */
type CancelReasonOption = { value: (typeof CANCEL_REASONS)[number]; label: string };

/** The shop's own list, read as it is kept. */
const SHOP_REASONS: readonly CancelReasonOption[] = CANCEL_REASONS.map((reason) => ({ value: reason, label: reason }));

/**
 * Why a customer cancels, in their own words: each is kept as the shop's reason, so the shop reads one list
 * whoever cancelled. Giving one is the customer's choice.
 */
export const CUSTOMER_CANCEL_REASONS: readonly CancelReasonOption[] = [
  { value: 'Customer changed plans', label: 'My plans changed' },
  { value: 'Weather', label: 'Weather' },
  { value: 'Vehicle not available', label: 'My car is not available' },
  { value: 'Booked by mistake', label: 'I booked by mistake' },
];

type CancelReasonFieldProps = {
  value: CancelReasonChoice;
  onChange: (value: CancelReasonChoice) => void;
  error?: string;
  /** The field's label: the shop's 'Reason' unless the customer is asked. */
  label?: string;
  /** The reasons offered (the shop's list unless the customer is asked); Other is always the last. */
  reasons?: readonly CancelReasonOption[];
};

/** Why a booking is cancelled: one of the reasons offered, or Other with the reason in words. */
export const CancelReasonField = ({
  value,
  onChange,
  error,
  label = FRONT_DESK_WORDS.cancelReason,
  reasons = SHOP_REASONS,
}: CancelReasonFieldProps) => {
  const id = useId();
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-reason`} className="mb-2 block">
          {label}
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
          {reasons.map((reason) => (
            <option key={reason.value} value={reason.value}>
              {reason.label}
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
