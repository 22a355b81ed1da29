import type { Review, ReviewStats } from '@carcare/contracts/reviews';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { baseApi } from '@/lib/api/base-api';

export type ReviewPageQuery = { page: number; limit: number };

export type ReviewPage = { reviews: Review[]; totalDoc: number; stats: ReviewStats };

const invalidResponse = (data: unknown): FetchBaseQueryError => ({
  status: 'PARSING_ERROR',
  originalStatus: 200,
  data: JSON.stringify(data),
  error: 'The reviews did not match the contract',
});

/** GET /review/get: a page of reviews, newest first, with the database's average and count per star (ADR 007). */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getReviews: builder.query<ReviewPage, ReviewPageQuery>({
      queryFn: async ({ page, limit }, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: '/review/get', params: { page: String(page), limit: String(limit) } });
        if (result.error) return { error: result.error };
        // Loaded on demand so that the home page's first chunk carries no schema library.
        const { reviewListResponseSchema } = await import('@carcare/contracts/reviews');
        const parsed = reviewListResponseSchema.safeParse(result.data);
        if (!parsed.success) return { error: invalidResponse(result.data) };
        const { data, totalDoc, stats } = parsed.data;
        return { data: { reviews: data, totalDoc, stats } };
      },
      providesTags: ['review'],
    }),
  }),
});

export const { useGetReviewsQuery } = reviewsApi;
