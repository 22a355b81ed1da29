import type { QuoteInput } from '@carcare/contracts/quotes';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * POST /bookings/quote: the server's price of a job (lines, total, duration). A query, not a mutation, though
 * it is a POST: it reads, and the same job asked twice is one answer from the cache.
 */
const quoteApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getQuote: builder.query({
      query: (body: QuoteInput) => ({ url: '/bookings/quote', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/quotes'),
        'quoteResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['service', 'vehicle'],
    }),
  }),
});

export const { useGetQuoteQuery } = quoteApi;
