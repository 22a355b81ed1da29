import type { AuthStateResponse } from '@carcare/contracts/auth';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /auth/auth-state: who the stored access token belongs to (the base query adds the bearer). */
export const authStateApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAuthState: builder.query<AuthStateResponse, void>({
      query: () => '/auth/auth-state',
      // Checked on demand so visitors without a session never download the auth schemas.
      ...parseOnDemand(() => import('@carcare/contracts/auth'), 'authStateResponseSchema'),
      providesTags: ['user'],
    }),
  }),
});
