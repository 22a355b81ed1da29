import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Page-size options on admin lists. */
export const ADMIN_PAGE_SIZES = [10, 20, 30] as const;

/** An absent or empty query value means "not given". */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const pageQuery = {
  page: optionalQuery(
    z.coerce
      .number({ error: 'page must be a whole number of at least 1' })
      .int({ error: 'page must be a whole number of at least 1' })
      .min(1, { error: 'page must be a whole number of at least 1' }),
  ).default(1),
  limit: optionalQuery(
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .min(1, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .max(MAX_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` }),
  ).default(DEFAULT_PAGE_SIZE),
};

/** Number of page buttons for a list: the ceiling of totalDoc / limit. */
export const pageCount = (totalDoc: number, limit: number) => Math.ceil(totalDoc / limit);
