import type { CreateSlotsInput } from '@carcare/contracts/slots';
import type { FieldErrors } from 'react-hook-form';

const FIELD_ORDER = ['service', 'date', 'startTime', 'endTime'] as const satisfies readonly (keyof CreateSlotsInput)[];

/** SPEC section 5: the slot form shows one message, the first in the order service, date, times. */
export const firstSlotFormError = (errors: FieldErrors<CreateSlotsInput>) =>
  FIELD_ORDER.map((field) => errors[field]?.message).find((message) => message !== undefined) ?? null;
