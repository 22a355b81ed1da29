import { baseApi } from '@/lib/api/base-api';

export type ServiceName = { _id: string; name: string };

/** GET /services/g/names: the services a slot can be created for. */
export const serviceNamesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotServiceNames: builder.query<ServiceName[], void>({
      query: () => '/services/g/names',
      transformResponse: async (raw: unknown) => {
        const { serviceNamesResponseSchema } = await import('@carcare/contracts/services');
        return serviceNamesResponseSchema.parse(raw).data;
      },
      providesTags: ['service'],
    }),
  }),
});

export const { useGetSlotServiceNamesQuery } = serviceNamesApi;
