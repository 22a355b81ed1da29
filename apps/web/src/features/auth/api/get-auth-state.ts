import type { authStateResponseSchema } from '@carcare/contracts/auth';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';

type AuthStateResponse = z.infer<typeof authStateResponseSchema>;

const invalidResponse = (data: unknown): FetchBaseQueryError => ({
  status: 'PARSING_ERROR',
  originalStatus: 200,
  data: JSON.stringify(data),
  error: 'The auth state did not match the contract',
});

/** GET /auth/auth-state: who the stored access token belongs to (the base query adds the bearer). */
export const authStateApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAuthState: builder.query<AuthStateResponse, void>({
      queryFn: async (_arg, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery('/auth/auth-state');
        if (result.error) return { error: result.error };
        // Loaded on demand so visitors without a session never download the auth schemas.
        const { authStateResponseSchema } = await import('@carcare/contracts/auth');
        const parsed = authStateResponseSchema.safeParse(result.data);
        return parsed.success ? { data: parsed.data } : { error: invalidResponse(result.data) };
      },
      providesTags: ['user'],
    }),
  }),
});
