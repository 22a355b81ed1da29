import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * What a finished visit leads to: the service's page to book it again, and the review form. The form is
 * reached by a full page load so the browser lands on it, as it does for any link to a part of a page.
 */
export const PastBookingLinks = ({ serviceId }: { serviceId: string }) => (
  <div className="flex flex-wrap gap-2 border-t pt-3">
    <Link to={paths.serviceDetails.href(serviceId)} className={buttonVariants({ size: 'sm' })}>
      Book again
    </Link>
    <a href={paths.writeReview} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
      Write a review
    </a>
  </div>
);
