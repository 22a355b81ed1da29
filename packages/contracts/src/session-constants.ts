/**
 * The names under which the browser keeps a session: every page's first download needs them, so they live apart
 * from the auth messages, which only the forms need.
 */

export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/** Where the web app keeps `{ user, token, isLoading }`. */
export const AUTH_STORAGE_KEY = 'auth';

/** Cookie holding the path a visitor was sent away from by a guard. */
export const REDIRECT_COOKIE = 'redirect';

/** What a signed-in user may be; the stored session is checked against these before any schema is loaded. */
export const ROLES = ['admin', 'staff', 'user'] as const;
