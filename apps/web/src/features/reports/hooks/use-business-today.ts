import { useGetPublicConfigQuery } from '@/lib/api/get-public-config';
import { businessToday } from '../business-days';

/**
 * Today where the business is, once `GET /api/config` has said its time zone; `ready` stays false until then so
 * that no report is asked for the browser's day by mistake (the browser's day is used if the config fails).
 */
export const useBusinessToday = () => {
  const { data, isLoading } = useGetPublicConfigQuery();
  const timeZone = data?.timeZone;
  return { today: businessToday(timeZone), timeZone, ready: !isLoading };
};
