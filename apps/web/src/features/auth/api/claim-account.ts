import type { claimAccountSchema } from '@carcare/contracts/front-desk';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export type ClaimAccountPayload = z.output<typeof claimAccountSchema>;

/** POST /auth/claim: the link's token, a password (and an email, if the shop has none); answers as a login does. */
const claimAccountApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    claimAccount: builder.mutation({
      query: (body: ClaimAccountPayload) => ({ url: '/auth/claim', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/auth'), 'sessionOrFailureResponseSchema'),
      invalidatesTags: ['user'],
      // A refusal here is about the link or the email, not an expired session.
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useClaimAccountMutation } = claimAccountApi;
