import { AUTH_STORAGE_KEY, ROLES } from '@carcare/contracts/session-constants';
import type { Role, User } from '@carcare/contracts/users';

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString: Check = (value) => typeof value === 'string';
const isNullableString: Check = (value) => value === null || typeof value === 'string';
const isOptionalBoolean: Check = (value) => value === undefined || typeof value === 'boolean';
const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

// `satisfies Record<keyof User, …>` makes the type check fail when the contract's User gains or loses a field.
const userFieldChecks = {
  _id: isString,
  firstName: isString,
  lastName: isString,
  email: isString,
  address: isNullableString,
  phone: isNullableString,
  image: isNullableString,
  role: isRole,
  auth: (value) => isObject(value) && isRole(value.role),
  createdAt: isString,
  // Kept before these fields existed: the server's auth state fills them in moments later.
  textsAccepted: isOptionalBoolean,
  reviewRequestsOff: isOptionalBoolean,
} satisfies Record<keyof User, Check>;

/**
 * Checks a user read back from localStorage. The zod `userSchema` would do the same but would put zod in
 * every visitor's first download; the server's auth state replaces this copy moments later anyway.
 */
export const isStoredUser = (value: unknown): value is User =>
  isObject(value) && Object.entries(userFieldChecks).every(([field, check]) => check(value[field]));

/**
 * The `{ user, token }` this browser keeps, each null when missing or not what it should be. Light enough for
 * the entry, which asks it whether anyone is signed in before choosing what to load.
 */
export const readStoredSession = (
  storage: Storage = window.localStorage,
): { user: User | null; token: string | null } => {
  try {
    const stored: unknown = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    if (!isObject(stored)) return { user: null, token: null };
    return {
      user: isStoredUser(stored.user) ? stored.user : null,
      token: typeof stored.token === 'string' ? stored.token : null,
    };
  } catch {
    return { user: null, token: null };
  }
};
