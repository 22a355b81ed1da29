import { useGetPublicConfigQuery } from './api/get-public-config';

/** The business's time zone from `GET /api/config`; UTC until the answer arrives or if it cannot be had. */
export const useBusinessTimeZone = () => {
  const { data } = useGetPublicConfigQuery();
  return data?.timeZone ?? 'UTC';
};
