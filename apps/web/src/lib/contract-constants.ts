import type { Role } from '@carcare/contracts/users';

/**
 * Mirrors of constants from `@carcare/contracts/auth` that the first page load needs. Importing that module
 * runs its zod schemas and pulls libphonenumber-js's metadata into every visitor's first download, so the
 * always-loaded code reads these instead; `__tests__/contract-constants.test.ts` fails if they ever drift.
 */
export const AUTH_STORAGE_KEY = 'auth';
export const REDIRECT_COOKIE = 'redirect';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/** `ROLES` from `@carcare/contracts/users`, whose import would bring zod into the first download. */
export const ROLES = ['admin', 'user'] as const satisfies readonly Role[];
