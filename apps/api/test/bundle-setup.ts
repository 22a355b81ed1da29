import { bundleIfStale } from '../build/bundle';

/** The suites that start the server start it as `npm start` does, from the API's bundle: made first if stale. */
export default async function setup() {
  await bundleIfStale();
}
