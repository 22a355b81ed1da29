import { Readable } from 'node:stream';
import { errorResponseSchema } from '@carcare/contracts/http';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** Error responses a route can give, for its schema and so for the OpenAPI document. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** For what never changes under its name (a hashed asset, an image named by its hash): kept a year, never asked again. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The stream once its first chunk has come: a failure before any byte (a query refused, the database away)
 * is thrown to the error handler and answered in the envelope with its honest status, where sending the
 * stream at once would have committed a 200 and then cut it short. Closing the result closes the source.
 */
export async function startedStream(stream: Readable): Promise<Readable> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  return Readable.from(all(), { objectMode: false });
}
