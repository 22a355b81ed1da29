/** The API lives on the same origin under /api; an absolute URL keeps `new Request()` valid outside browsers too. */
export const apiBaseUrl = new URL('/api', window.location.origin).href;
