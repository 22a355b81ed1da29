import { REVIEW_REQUEST_MESSAGES } from '@carcare/contracts/reviews-constants';
import { CircleCheckIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { Button } from '@/components/ui/button';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetReviewRequestQuery } from '../api/get-review-request';
import { StarReviewForm } from '../components/star-review-form';
import { useReviewRequest } from '../hooks/use-review-request';

const panelClass = 'mx-auto w-full max-w-xl space-y-6 px-4 py-12 sm:px-6';

/** A heading and a line under it, for the states the link ends in. */
const Notice = ({ title, description }: { title: string; description?: string }) => (
  <div className="space-y-2 text-center" role="status">
    <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
    {description ? <p className="text-muted-foreground">{description}</p> : null}
    <p>
      <Link to={paths.testimonials} className="font-medium text-primary underline-offset-4 hover:underline">
        Read what other customers say
      </Link>
    </p>
  </div>
);

/**
 * Reached from the link of a review request (`/review/:token`), texted or mailed after a completed booking: the
 * customer rates the visit without signing in, once, or asks not to be asked again.
 */
export const ReviewRequestPage = () => {
  const { token = '' } = useParams();
  const { data: request, error, isLoading } = useGetReviewRequestQuery(token);
  const { outcome, submit, optedOut, optOut, isOptingOut } = useReviewRequest(token);
  const { day } = useDisplayFormat();

  const body = () => {
    if (isLoading) return <LoadingScreen />;
    if (error || !request) {
      const reason = isFetchBaseQueryError(error) ? serverMessage(error) : null;
      return (
        <Notice
          title={REVIEW_REQUEST_MESSAGES.invalidHeading}
          description={reason ?? REVIEW_REQUEST_MESSAGES.invalid}
        />
      );
    }
    if (outcome === 'thanked') {
      return <Notice title={REVIEW_REQUEST_MESSAGES.thanks} description={REVIEW_REQUEST_MESSAGES.thanksDescription} />;
    }
    if (outcome === 'alreadyReviewed' || request.reviewed) {
      return (
        <Notice
          title={REVIEW_REQUEST_MESSAGES.alreadyReviewedHeading}
          description={REVIEW_REQUEST_MESSAGES.alreadyReviewed}
        />
      );
    }
    const { booking, customer } = request;
    return (
      <>
        <header className="space-y-1">
          <p className="text-muted-foreground">Hi {customer.firstName},</p>
          <h1 className="break-words font-bold text-2xl tracking-tight">
            How was your {booking.service.name} on {day(booking.date)}?
          </h1>
        </header>
        <StarReviewForm submit={submit} />
        <div className="border-t pt-4 text-sm">
          {optedOut || request.optedOut ? (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <CircleCheckIcon className="size-4 shrink-0" aria-hidden="true" />
              {REVIEW_REQUEST_MESSAGES.optedOutHeading}
            </p>
          ) : (
            <Button variant="link" className="h-auto p-0" disabled={isOptingOut} onClick={optOut}>
              {REVIEW_REQUEST_MESSAGES.optOut}
            </Button>
          )}
        </div>
      </>
    );
  };

  return <div className={panelClass}>{body()}</div>;
};
