import type { ServiceListQuery } from '@carcare/contracts/services';

/** Only the filters a screen sets; the API fills in the defaults (sort -createdAt, page 1, limit 10). */
export type ServiceListParams = Partial<ServiceListQuery>;

/**
 * The query string of a list request, without its `?`: the filters a screen sets, in the order it gives them,
 * the ones it leaves empty left out. Without the store, so that an island asks as the app does.
 */
export const serviceListQuery = (params: ServiceListParams) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
};
