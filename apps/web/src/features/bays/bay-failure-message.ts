import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/**
 * What a refused save says: the server's own message when it answered with one (a taken name, a bay that still
 * has upcoming bookings), otherwise the generic failure.
 */
export const bayFailureMessage = (error: unknown): string =>
  (isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ??
  BAY_MESSAGES.saveFailed;
