import type { ServicePaymentMode } from '@carcare/contracts/payment-policy-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId } from 'react';
import { useGetBookedServiceQuery } from '@/features/bookings/api/get-booked-service';
import { useGetQuoteQuery } from '@/features/bookings/api/get-quote';
import { useShopTerms } from '@/lib/payment-terms';
import { NEW_BOOKING_WORDS } from '../front-desk-words';

type DeskTermsProps = {
  service: string;
  /** The job as it is priced: its class and add-ons. */
  vehicleClass: string;
  addOns: readonly string[];
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
};

/**
 * The shop's terms for this job, read to the customer on the phone or at the counter, and whether they
 * accepted them: accepted, a link or an online payment takes what the terms ask (a deposit), and a no-show or
 * a late cancellation may cost the fee they name. Not accepted, the booking is paid in full and carries no fee.
 */
export const DeskTerms = ({ service, vehicleClass, addOns, accepted, onAcceptedChange }: DeskTermsProps) => {
  const id = useId();
  const terms = useShopTerms();
  // How the service is paid online (in full, a deposit, or nothing with the card saved).
  const { data: detail } = useGetBookedServiceQuery(service);
  const paymentMode: ServicePaymentMode = detail?.paymentMode ?? 'full';
  // The same job as the quote above it: one request, answered from the cache.
  const { data: quote } = useGetQuoteQuery(
    service && vehicleClass
      ? { service, vehicleClass, ...(addOns.length > 0 ? { addOns: [...addOns] } : {}) }
      : skipToken,
  );
  if (!terms || !quote) return null;
  return (
    <div className="space-y-2 rounded-lg border p-3 sm:p-4">
      <h3 className="font-medium text-sm">{NEW_BOOKING_WORDS.terms}</h3>
      <ul aria-label={NEW_BOOKING_WORDS.terms} className="list-disc space-y-1 pl-5 text-sm">
        {terms.sentences(paymentMode, quote.total).map((sentence) => (
          <li key={sentence} className="break-words">
            {sentence}
          </li>
        ))}
      </ul>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-accepted`}
          type="checkbox"
          checked={accepted}
          onChange={(event) => onAcceptedChange(event.target.checked)}
          className="mt-1 size-4 accent-primary"
        />
        <label htmlFor={`${id}-accepted`} className="text-sm">
          {NEW_BOOKING_WORDS.termsAccepted}
        </label>
      </div>
      <p className="text-muted-foreground text-xs">{NEW_BOOKING_WORDS.termsHint}</p>
    </div>
  );
};
