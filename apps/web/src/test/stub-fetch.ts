import { afterEach, beforeEach, vi } from 'vitest';

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
