import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { requestOf } from './fixtures';

/** Replaces fetch with a fresh mock before each test of the calling file, and forgets what a test stored after it. */
export const stubFetch = () => {
  const fetchMock = vi.fn<(input: unknown) => Promise<Response>>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  return fetchMock;
};

/**
 * Keeps the requests whose address `held` picks waiting, the others answered as the mock already answers them,
 * until the returned function is called: what a page shows before an answer arrives, and after.
 */
export const holdRequests = (fetchMock: Mock<(input: unknown) => Promise<Response>>, held: (url: URL) => boolean) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('holdRequests: give the mock its answers first');
  fetchMock.mockImplementation(async (input) => {
    if (held(new URL(requestOf(input).url))) await released;
    return answer(input);
  });
  return release;
};
