import { DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import type { ServicePaymentMode } from '@carcare/contracts/payment-policy-constants';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { PricedLines } from '@/components/booking/priced-lines';
import { useShopTerms } from '@/lib/payment-terms';
import { useHydrated } from '@/lib/ssr/use-hydrated';
import { cn } from '@/lib/utils';
import { type BookingJob, jobBody } from '../booking-job';
import { useBookingSource } from '../booking-source';
import { quoteFailure } from '../quote-failure';

type JobQuoteProps = {
  service: string;
  job: BookingJob | null;
  slot?: string;
  /** How the service is paid online: a deposit service says what the deposit on the quoted total is. */
  paymentMode?: ServicePaymentMode;
  /**
   * The service alone (its name, price and minutes): while the price is worked out, the quote keeps the room
   * the plain job's lines take, so what is under it does not move when they arrive.
   */
  plain?: { name: string; price: number; duration: number };
};

/**
 * The server's price of the job: its lines, total and duration, asked again whenever the job changes. Asked by
 * the browser only: a page drawn on the server says it is working the price out. A deposit service adds what
 * is paid online and that the rest is paid at the shop.
 */
export const JobQuote = ({ service, job, slot, paymentMode = 'full', plain }: JobQuoteProps) => {
  const hydrated = useHydrated();
  const terms = useShopTerms();
  const asked = job && hydrated ? { service, ...(slot ? { slot } : {}), ...jobBody(job) } : null;
  const { data: quote, isFetching, isError, error } = useBookingSource().useQuote(asked);
  return (
    <section aria-label={JOB_WORDS.quoteHeading} aria-busy={isFetching} className="space-y-2">
      <h3 className="font-medium">{JOB_WORDS.quoteHeading}</h3>
      {isError && !isFetching ? (
        <p role="alert" className="text-destructive text-sm">
          {quoteFailure(error)}
        </p>
      ) : null}
      {!quote && !isError ? (
        <div className="relative">
          <p role="status" className={cn('text-muted-foreground text-sm', plain && 'absolute inset-x-0 top-0')}>
            {JOB_WORDS.quoteLoading}
          </p>
          {plain ? (
            <div aria-hidden="true" className="invisible">
              <PricedLines
                lines={[
                  { kind: 'service', addOn: null, name: plain.name, price: plain.price, minutes: plain.duration },
                ]}
                total={plain.price}
                duration={plain.duration}
                currency={terms?.currency ?? DEFAULT_CURRENCY}
              />
              {paymentMode === 'deposit' && terms ? <p className="text-sm">{terms.depositLine(plain.price)}</p> : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {quote && !isError ? (
        <PricedLines
          lines={quote.lines}
          total={quote.total}
          duration={quote.duration}
          currency={quote.currency}
          className={isFetching ? 'opacity-60' : undefined}
        />
      ) : null}
      {quote?.membership && !isError ? <p className="text-sm">{JOB_WORDS.coveredBy(quote.membership.name)}</p> : null}
      {quote && !isError && paymentMode === 'deposit' && terms ? (
        <p className="text-muted-foreground text-sm">{terms.depositLine(quote.total)}</p>
      ) : null}
    </section>
  );
};
