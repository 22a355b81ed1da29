import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/**
 * What a refused save says: the server's own message when it answered with one (a taken name, the default class
 * archived, a class still used by customers' vehicles), otherwise the screen's generic failure.
 */
export const pricingFailureMessage = (error: unknown, fallback: string): string =>
  (isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ?? fallback;
