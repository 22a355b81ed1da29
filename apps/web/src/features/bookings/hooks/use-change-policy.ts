import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';

export type ChangePolicy = { cutoffHours: number; contact: string };

/**
 * The shop's cancellation cut-off and how to reach it (`GET /api/config`); null until known, and then the
 * server alone decides (its refusal is shown as it comes).
 */
export const useChangePolicy = (): ChangePolicy | null => {
  const { data } = useGetPublicConfigQuery();
  if (!data) return null;
  return { cutoffHours: data.cancellationCutoffHours, contact: BOOKING_MESSAGES.shopContact(data.contact) };
};
