/**
 * A `transformResponse` that checks a response against its contract schema, loaded only when the first
 * response arrives: pages validate what they receive without carrying the schema library in their
 * first download.
 */
export const parseOnDemand =
  <T>(loadSchema: () => Promise<{ parse: (raw: unknown) => T }>) =>
  async (raw: unknown): Promise<T> =>
    (await loadSchema()).parse(raw);
