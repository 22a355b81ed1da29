import {
  type AdminBookingListQuery,
  adminBookingListQuerySchema,
  type BookingFilters,
  bookingFilterSchema,
} from '@carcare/contracts/bookings';
import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@carcare/contracts/pagination-constants';

/** Booking Management as its URL describes it. */
export type BookingListView = {
  /** The URL's values that the API accepts one by one: what the filter bar shows. */
  shown: AdminBookingListQuery;
  /** What the list asks of the API: `shown` without a date range the API would refuse. */
  query: AdminBookingListQuery;
  /** The filters of `query` alone, for the CSV export. */
  filters: BookingFilters;
  /** Why the dates were left out of `query` (from after to, or too long a range), if they were. */
  rangeError: string | undefined;
};

const FILTER_FIELDS = bookingFilterSchema.keyof().options;
const LIST_FIELDS = adminBookingListQuerySchema.keyof().options;
const { shape } = adminBookingListQuerySchema;

const isAdminPageSize = (limit: number) => ADMIN_PAGE_SIZES.some((size) => size === limit);

const filtersOf = ({ page, limit, ...filters }: AdminBookingListQuery): BookingFilters => filters;

/**
 * Reads Booking Management's page, page size and filters from the URL. Each value is checked on its own against
 * the contract, so that one the API would refuse is ignored without taking the others with it.
 */
export const readBookingListView = (params: URLSearchParams): BookingListView => {
  const accepted = Object.fromEntries(
    LIST_FIELDS.flatMap((field) => {
      const value = params.get(field);
      return value !== null && shape[field].safeParse(value).success ? [[field, value]] : [];
    }),
  );
  const checked = adminBookingListQuerySchema.safeParse(accepted);
  // Every value passed on its own, so only the range between the two dates can have been refused.
  const parsed = checked.success
    ? checked.data
    : adminBookingListQuerySchema.parse({ ...accepted, from: undefined, to: undefined });
  // The page-size selector offers a few sizes only: any other the API would take reads as the default.
  const query = isAdminPageSize(parsed.limit) ? parsed : { ...parsed, limit: DEFAULT_PAGE_SIZE };
  return {
    shown: { ...query, from: accepted.from, to: accepted.to },
    query,
    filters: filtersOf(query),
    rangeError: checked.error?.issues[0]?.message,
  };
};

/** The query string for the view; defaults and empty filters are left out so that the plain list keeps a plain URL. */
export const writeBookingListParams = (values: AdminBookingListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = values[field];
    if (value) params.set(field, value);
  }
  if (values.page > 1) params.set('page', String(values.page));
  if (values.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(values.limit));
  return params;
};
