import type { ChangePasswordInput } from '@carcare/contracts/auth';
import { baseApi } from '@/lib/api/base-api';

/** PUT /auth/reset-password: a signed-in user changes their password, given the current one. */
const changePasswordApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    changePassword: builder.mutation<unknown, ChangePasswordInput>({
      query: (body) => ({ url: '/auth/reset-password', method: 'PUT', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
