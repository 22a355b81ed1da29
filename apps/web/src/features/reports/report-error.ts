import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/** The API's own refusal (a reversed or too long range, a malformed day) or a general apology. */
export const reportErrorMessage = (error: unknown, fallback: string) =>
  (isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? fallback;
