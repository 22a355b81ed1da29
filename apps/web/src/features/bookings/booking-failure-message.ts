import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/**
 * What a refused change says: the server's own reason when it answered with one (past the cut-off, already
 * cancelled, slot full, refund refused), otherwise the generic failure.
 */
export const bookingFailureMessage = (error: unknown): string =>
  (isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ??
  BOOKING_MESSAGES.failed;
