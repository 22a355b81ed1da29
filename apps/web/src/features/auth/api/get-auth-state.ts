import { authStateResponseSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';

type AuthStateResponse = z.infer<typeof authStateResponseSchema>;

/** GET /auth/auth-state: who the stored access token belongs to (the base query adds the bearer). */
export const authStateApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAuthState: builder.query<AuthStateResponse, void>({
      query: () => '/auth/auth-state',
      transformResponse: (raw: unknown) => authStateResponseSchema.parse(raw),
      providesTags: ['user'],
    }),
  }),
});
