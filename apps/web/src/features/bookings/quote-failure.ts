import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/** Why the job could not be priced: the server's own words (an archived vehicle, a class no longer offered). */
export const quoteFailure = (error: unknown) =>
  (isFetchBaseQueryError(error) && error.status !== 'CUSTOM_ERROR' ? serverMessage(error) : null) ??
  JOB_WORDS.quoteFailed;
