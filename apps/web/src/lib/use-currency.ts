import { DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import { useShopConfig } from './shop-config';

/** The business's currency from `GET /api/config`; USD until the answer arrives or if it cannot be had. */
export const useCurrency = () => {
  return useShopConfig()?.currency ?? DEFAULT_CURRENCY;
};
