import { z } from 'zod';

/** A text field that must be present and non-blank; one message for missing, wrong type or blank. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** A required, well-formed email, compared in lower case everywhere. */
export const emailField = (required: string, invalid: string) =>
  requiredText(required)
    .pipe(z.email({ error: invalid }))
    .transform((email) => email.toLowerCase());

export const uuidParam = z.object({ id: z.uuid({ error: 'Invalid id' }) });
