import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination-constants';

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
