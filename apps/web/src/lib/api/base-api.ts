import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

export const API_TAGS = ['user', 'review', 'service', 'slots', 'booking'] as const;

/** The one RTK Query API; features add their calls with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: API_TAGS,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
