import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/**
 * SPEC section 8, service delete: an answer without data reads 'An unknown error occurred'; a refusal shows
 * the server's message or 'Failed to delete product'; anything thrown reads 'Something went wrong'.
 */
export const deleteFailureMessage = (error: unknown): string => {
  if (!isFetchBaseQueryError(error)) return SERVICE_MESSAGES.deleteException;
  if (error.data === undefined || error.data === null || error.data === '') return SERVICE_MESSAGES.deleteNoData;
  return serverMessage(error) ?? SERVICE_MESSAGES.deleteFailed;
};
