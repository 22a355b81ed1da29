import { DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import { useGetPublicConfigQuery } from './api/get-public-config';

/** The business's currency from `GET /api/config`; USD until the answer arrives or if it cannot be had. */
export const useCurrency = () => {
  const { data } = useGetPublicConfigQuery();
  return data?.currency ?? DEFAULT_CURRENCY;
};
