import type { messageResponseSchema } from '@carcare/contracts/http';
import type { z } from 'zod';
import { baseApi } from '../api/base-api';

type LogoutResponse = z.infer<typeof messageResponseSchema>;

export const logoutApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    logout: builder.mutation<LogoutResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useLogoutMutation } = logoutApi;
