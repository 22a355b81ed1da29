import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** The answer came back but did not match the contract. */
export const invalidResponse = (data: unknown): FetchBaseQueryError => ({
  status: 'PARSING_ERROR',
  originalStatus: 200,
  data: JSON.stringify(data),
  error: 'The answer did not match the contract',
});
