import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** An error RTK Query produced from an HTTP answer or a failed fetch (as opposed to a thrown exception). */
export const isFetchBaseQueryError = (error: unknown): error is FetchBaseQueryError =>
  typeof error === 'object' && error !== null && 'status' in error;

/** The `message` of the API's error envelope, when the answer carried one. */
export const serverMessage = (error: FetchBaseQueryError): string | null => {
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  return typeof data.message === 'string' && data.message !== '' ? data.message : null;
};
