import type { PublicConfig } from '@carcare/contracts/app-config';
import { baseApi } from '@/lib/api/base-api';

/** GET /config: the business's name, currency and time zone (the calendar's "today" is the business's). */
export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getPublicConfig: builder.query<PublicConfig, void>({
      query: () => '/config',
      transformResponse: async (raw: unknown) => {
        const [{ publicConfigSchema }, { successResponse }] = await Promise.all([
          import('@carcare/contracts/app-config'),
          import('@carcare/contracts/http'),
        ]);
        return successResponse(publicConfigSchema).parse(raw).data;
      },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;
