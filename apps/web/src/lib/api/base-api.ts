import { buildCreateApi, coreModule, type FetchBaseQueryError, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { serverStateReceived } from '../ssr/server-data';
import { baseQueryWithReauth } from './base-query';

// On the server a query starts as its component renders (effects never run there), so that rendering a page
// twice gathers its data; in the browser queries start in effects as usual.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }),
);

const API_TAGS = [
  'user',
  'review',
  'service',
  'slots',
  'booking',
  'bay',
  'settings',
  'closure',
  'vehicleClass',
  'addOn',
  'vehicle',
  'membership',
  'plan',
  'waitlist',
] as const;

/** The one RTK Query API; features add their calls with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: API_TAGS,
  keepUnusedDataFor: 60,
  // A server-rendered page hands over the answers it was rendered with: the browser starts from them.
  extractRehydrationInfo: (action, { reducerPath }) =>
    serverStateReceived.match(action) ? (action.payload[reducerPath] as never) : undefined,
  // An answer that breaks its contract is an error state of the call, not an exception thrown at the page.
  catchSchemaFailure: (failure): FetchBaseQueryError => ({
    status: 'CUSTOM_ERROR',
    error: `The answer did not match the contract (${failure.schemaName})`,
    data: failure.value,
  }),
  endpoints: () => ({}),
});
