import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { MEMBERSHIP_WORDS } from './membership-words';

/** What to tell the member of a failed change: the server's refusal as it gives it, or that it did not work. */
export const refusalOf = (error: unknown): string =>
  (isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ??
  MEMBERSHIP_WORDS.failed;
