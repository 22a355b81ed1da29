import type { CreateClosureInput, UpdateSettingsInput } from '@carcare/contracts/shop-settings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type ChangesPage = { page: number; limit: number };
type ClosureRange = { startDate: string; endDate: string };

const contract = () => import('@carcare/contracts/shop-settings');

/**
 * The Settings screen's calls (administrators). A saved setting or closure changes the free times and what
 * `GET /api/config` says, and adds a row to the audit trail: all of them carry the 'settings' tag.
 */
const settingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /settings: every setting of the shop, hours included. */
    getSettings: builder.query({
      query: () => '/settings',
      ...parseOnDemand(contract, 'settingsResponseSchema', ({ data }) => data),
      providesTags: ['settings'],
    }),
    /** PUT /settings: only the settings that changed; each becomes one row of the audit trail. */
    updateSettings: builder.mutation({
      query: (changes: UpdateSettingsInput) => ({ url: '/settings', method: 'PUT', body: changes }),
      ...parseOnDemand(contract, 'settingsResponseSchema'),
      invalidatesTags: ['settings', 'slots'],
    }),
    /** GET /settings/changes: the audit trail, newest first. */
    getSettingChanges: builder.query({
      query: ({ page, limit }: ChangesPage) => ({ url: '/settings/changes', params: { page, limit } }),
      ...parseOnDemand(contract, 'settingChangesResponseSchema', ({ data, totalDoc }) => ({
        changes: data,
        totalDoc,
      })),
      providesTags: ['settings'],
    }),
    /** GET /closures: the closures not yet over, soonest first. */
    getClosures: builder.query({
      query: () => '/closures',
      ...parseOnDemand(contract, 'closuresResponseSchema', ({ data }) => data),
      providesTags: ['closure'],
    }),
    /** GET /closures/affected: the live bookings a closure over these days would lie over. */
    getAffectedBookings: builder.query({
      query: ({ startDate, endDate }: ClosureRange) => ({ url: '/closures/affected', params: { startDate, endDate } }),
      ...parseOnDemand(contract, 'affectedBookingsResponseSchema', ({ data }) => data),
      keepUnusedDataFor: 0,
    }),
    /** POST /closures: the shop is shut those days; it cancels no booking. */
    createClosure: builder.mutation({
      query: (closure: CreateClosureInput) => ({ url: '/closures', method: 'POST', body: closure }),
      ...parseOnDemand(contract, 'closureCreatedResponseSchema'),
      invalidatesTags: ['closure', 'settings', 'slots'],
    }),
    /** DELETE /closures/{id}: the shop opens those days again. */
    deleteClosure: builder.mutation({
      query: (id: string) => ({ url: `/closures/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(() => import('@carcare/contracts/http'), 'messageResponseSchema'),
      invalidatesTags: ['closure', 'settings', 'slots'],
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useGetSettingChangesQuery,
  useGetClosuresQuery,
  useLazyGetAffectedBookingsQuery,
  useCreateClosureMutation,
  useDeleteClosureMutation,
} = settingsApi;
