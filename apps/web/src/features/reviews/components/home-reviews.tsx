import { REVIEW_DEFAULT_LIMIT } from '@carcare/contracts/reviews-constants';
import { UserAvatar } from '@/components/user/user-avatar';
import { Island } from '@/lib/islands/island';
import { useGetReviewsQuery } from '../api/get-reviews';
import { HomeReviewsHeader } from './home-reviews-header';
import { ReviewCard } from './review-card';
import { ReviewSummary } from './review-summary';

/** SPEC section 2, "/": the two newest reviews beside the database's average and histogram (ADR 007). */
export const HomeReviews = () => {
  const { data } = useGetReviewsQuery({ page: 1, limit: REVIEW_DEFAULT_LIMIT });

  return (
    // A column with gaps rather than margins: the island's element takes no room, its heading and form do.
    <section
      aria-labelledby="home-reviews-heading"
      className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-16 sm:px-6"
    >
      <Island name="write-review" component={HomeReviewsHeader} props={{}} />
      {data ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <ReviewSummary stats={data.stats} />
          <ul aria-label="Latest reviews" className="grid gap-4 md:grid-cols-2">
            {data.reviews.map((review) => (
              <ReviewCard
                key={review._id}
                review={review}
                avatar={<UserAvatar user={{ ...review.user, image: null }} className="size-10" />}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
};
