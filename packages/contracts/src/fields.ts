import { z } from 'zod';
import { dateOutOfRangeMessage, isWithinDateRange } from './dates-constants';
import { toE164 } from './phone';
import { TEXT_LIMITS } from './text-limits';

/** A text field that must be present and non-blank; one message for missing, wrong type or blank. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** Text of at most `max` characters that must be present and non-blank. */
export const boundedText = (required: string, max: number, tooLong: string) =>
  requiredText(required).max(max, { error: tooLong });

/** A required, well-formed email of at most TEXT_LIMITS.email characters, compared in lower case everywhere. */
export const emailField = (messages: { required: string; invalid: string; tooLong: string }) =>
  boundedText(messages.required, TEXT_LIMITS.email, messages.tooLong)
    .pipe(z.email({ error: messages.invalid }))
    .transform((email) => email.toLowerCase());

/**
 * A phone number in international format, given on as E.164 (see `toE164`); `invalid` for anything else.
 * With `emptyClears`, an empty text stays empty: the caller's way of removing the number.
 */
export const phoneNumber = (invalid: string, { emptyClears = false } = {}) =>
  z.string().transform((text, context) => {
    if (emptyClears && text === '') return '';
    const e164 = toE164(text);
    if (e164 === undefined) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return e164;
  });

/**
 * A real calendar day written YYYY-MM-DD within the range every date of the API shares (dates-constants);
 * `required` when absent or blank, `invalid` when malformed, and a message naming `field` and the range when
 * outside it. Every date the API takes, in a query or a body, is one of these.
 */
export const calendarDate = (messages: { required: string; invalid: string; field: string }) =>
  z
    .string({ error: messages.required })
    .min(1, { error: messages.required, abort: true })
    .max('YYYY-MM-DD'.length, { error: messages.invalid, abort: true })
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      { error: messages.invalid, abort: true },
    )
    .refine((value) => isWithinDateRange(value), { error: () => dateOutOfRangeMessage(messages.field) });

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });

export type IdParam = z.infer<typeof uuidParam>;
