import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination-constants';

/** An absent or empty query value means "not given". */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * A limit above the largest page, however written (`99999`, `1e309`), read as the largest page: older
 * clients ask for "everything" that way, and a page of MAX_PAGE_SIZE is all any list ever sends.
 */
export const capAtMaxPageSize = (value: unknown) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && number > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : value;
};

const pageMessage = 'page must be a whole number of at least 1';
const limitMessage = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

export const pageQuery = {
  page: optionalQuery(
    z.coerce.number({ error: pageMessage }).int({ error: pageMessage }).min(1, { error: pageMessage }),
  ).default(1),
  limit: optionalQuery(
    z.preprocess(
      capAtMaxPageSize,
      z.coerce
        .number({ error: limitMessage })
        .int({ error: limitMessage })
        .min(1, { error: limitMessage })
        .max(MAX_PAGE_SIZE, { error: limitMessage }),
    ),
  ).default(DEFAULT_PAGE_SIZE),
};
