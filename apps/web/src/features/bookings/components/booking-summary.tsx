import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import type { SlotDetail } from '@carcare/contracts/slots';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { PricedLines } from '@/components/booking/priced-lines';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetQuoteQuery } from '../api/get-quote';
import { type BookingJob, jobBody } from '../booking-job';
import { useJobVehicle } from '../hooks/use-job-vehicle';
import { quoteFailure } from '../quote-failure';

type BookingSummaryProps = { slot: SlotDetail; job?: BookingJob };

const NO_JOB: BookingJob = { vehicle: '', vehicleClass: '', addOns: '' };

/**
 * Service name, duration, price, date, start to end time and the total; with a vehicle, a class or add-ons
 * chosen, the vehicle and its class, and the server's lines (the service, each add-on) and total for the job.
 */
export const BookingSummary = ({ slot, job = NO_JOB }: BookingSummaryProps) => {
  const currency = useCurrency();
  const { day, slotTimes } = useDisplayFormat();
  const priced = Boolean(job.vehicle || job.vehicleClass || job.addOns);
  const {
    data: quote,
    isError,
    error,
  } = useGetQuoteQuery(priced ? { service: slot.service._id, slot: slot._id, ...jobBody(job) } : skipToken);
  const vehicle = useJobVehicle(job.vehicle);
  // A job the server could not price shows why, never the base price it would not be booked at.
  const waiting = priced && !quote;
  const price = formatPrice(quote?.total ?? slot.service.price, currency);
  const rows = [
    ['Service', slot.service.name],
    ...(quote?.vehicleClass ? [[JOB_WORDS.vehicleClass, quote.vehicleClass.name] as const] : []),
    ...(vehicle ? [[JOB_WORDS.vehicle, vehicle] as const] : []),
    ['Duration', `${quote?.duration ?? slot.service.duration} minutes`],
    ...(quote || waiting ? [] : [['Price', price] as const]),
    ['Date', day(slot.date)],
    ['Time', slotTimes(slot)],
  ] as const;
  return (
    <section aria-labelledby="booking-summary-heading" className="space-y-4 rounded-lg border bg-card p-6">
      <h2 id="booking-summary-heading" className="font-semibold text-xl">
        Your booking
      </h2>
      <dl className="space-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words text-right font-medium">{value}</dd>
          </div>
        ))}
        {quote || waiting ? null : (
          <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-lg">
            <dt>Total</dt>
            <dd>{price}</dd>
          </div>
        )}
      </dl>
      {waiting ? (
        <p role={isError ? 'alert' : 'status'} className={isError ? 'text-destructive' : 'text-muted-foreground'}>
          {isError ? quoteFailure(error) : JOB_WORDS.quoteLoading}
        </p>
      ) : null}
      {quote ? (
        <PricedLines lines={quote.lines} total={quote.total} currency={quote.currency} className="text-lg" />
      ) : null}
      {quote?.membership ? <p className="text-sm">{JOB_WORDS.coveredBy(quote.membership.name)}</p> : null}
    </section>
  );
};
