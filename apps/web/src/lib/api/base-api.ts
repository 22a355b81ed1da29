import { createApi, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

const API_TAGS = ['user', 'review', 'service', 'slots', 'booking', 'bay'] as const;

/** The one RTK Query API; features add their calls with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: API_TAGS,
  keepUnusedDataFor: 60,
  // An answer that breaks its contract is an error state of the call, not an exception thrown at the page.
  catchSchemaFailure: (failure): FetchBaseQueryError => ({
    status: 'CUSTOM_ERROR',
    error: `The answer did not match the contract (${failure.schemaName})`,
    data: failure.value,
  }),
  endpoints: () => ({}),
});
