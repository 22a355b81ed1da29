import { useShopConfig } from './shop-config';

/** The business's time zone from `GET /api/config`; UTC until the answer arrives or if it cannot be had. */
export const useBusinessTimeZone = () => {
  return useShopConfig()?.timeZone ?? 'UTC';
};
