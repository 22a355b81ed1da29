import type { FieldErrors } from 'react-hook-form';

const FIELD_ORDER = ['service', 'date', 'startTime', 'endTime'] as const;

type SlotFormFields = Record<(typeof FIELD_ORDER)[number], string>;

/** SPEC section 5: the slot form shows one message, the first in the order service, date, times. */
export const firstSlotFormError = (errors: FieldErrors<SlotFormFields>) =>
  FIELD_ORDER.map((field) => errors[field]?.message).find((message) => message !== undefined) ?? null;
