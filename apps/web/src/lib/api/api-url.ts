/**
 * The API lives on the same origin under /api; an absolute URL keeps `new Request()` valid outside browsers
 * too. On the server, pages are rendered with a fetch that answers `/api/...` in process, whatever the host.
 */
export const apiBaseUrl = new URL('/api', typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
  .href;
