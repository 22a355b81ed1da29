import type { SlotDetail } from '@carcare/contracts/slots';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { useShopTerms } from '@/lib/payment-terms';
import { useGetBookedServiceQuery } from '../api/get-booked-service';
import { useGetQuoteQuery } from '../api/get-quote';
import { type BookingJob, jobBody } from '../booking-job';

/**
 * The terms the customer reads before paying for this booking: the shop's policy (GET /api/config) for the way
 * the service is paid online and the booking's total (the job's quote, else the service's price), with the
 * version the booking names when they are accepted. `sentences` is undefined until all of it is known.
 */
export const useBookingTerms = (slot: SlotDetail, job: BookingJob) => {
  const terms = useShopTerms();
  const config = useGetPublicConfigQuery();
  const service = useGetBookedServiceQuery(slot.service._id);
  const priced = Boolean(job.vehicle || job.vehicleClass || job.addOns);
  const quote = useGetQuoteQuery(priced ? { service: slot.service._id, slot: slot._id, ...jobBody(job) } : skipToken);
  const total = priced ? quote.data?.total : slot.service.price;
  const sentences =
    terms && service.data && total !== undefined ? terms.sentences(service.data.paymentMode, total) : undefined;
  return {
    sentences,
    version: terms?.version,
    failed: config.isError || service.isError || (priced && quote.isError),
  };
};
