/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS } from './text-limits';

// Still offered here for the server, which reads all of its auth constants from this module.
export { AUTH_STORAGE_KEY, REDIRECT_COOKIE, REFRESH_TOKEN_COOKIE } from './session-constants';

export const REFRESH_TOKEN_DAYS = 30;

export const ACCESS_TOKEN_MINUTES = 15;

export const DEFAULT_PHONE_COUNTRY = 'BD';

export const PASSWORD_MAX_LENGTH = TEXT_LIMITS.password;

export const NEW_PASSWORD_MIN_LENGTH = 8;

/** How long a forgot-password link works. */
export const PASSWORD_RESET_MINUTES = 60;

export const AUTH_MESSAGES = {
  emailRequired: '* Email is required',
  emailInvalid: '* Invalid email address',
  emailTooLong: `* Email must be at most ${TEXT_LIMITS.email} characters`,
  passwordRequired: '* Password is required',
  passwordTooLong: `* Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  firstNameRequired: '* First name is required',
  firstNameTooLong: `* First name must be at most ${TEXT_LIMITS.personName} characters`,
  lastNameRequired: '* Last name is required',
  lastNameTooLong: `* Last name must be at most ${TEXT_LIMITS.personName} characters`,
  addressRequired: '* Address is required',
  addressTooLong: `* Address must be at most ${TEXT_LIMITS.address} characters`,
  confirmPasswordRequired: '* Confirm password is required',
  passwordsMustMatch: '* Passwords must match',
  phoneRequired: 'Contact number is required',
  phoneInvalid: 'Invalid phone number',
  phoneTooLong: `Contact number must be at most ${TEXT_LIMITS.phone} characters`,
  // Outcomes the server reports and the web app shows.
  loggedIn: 'Successfully logged in',
  loggedInDescription: 'Welcome back!',
  registered: 'Successfully registered',
  registeredDescription: 'Now please log in',
  loggedOut: 'Successfully logged out',
  tokenRefreshed: 'Token refreshed',
  authState: 'Signed in',
  unknownEmail: 'Invalid email address',
  noAccount: 'No account found with this email',
  unknownEmailDescription: 'Please enter a valid one',
  wrongPassword: "Password didn't match",
  wrongPasswordDescription: 'Please try to remember your password',
  emailTaken: 'An account with this email already exists',
  sessionExpired: 'Your session has expired, please log in again',
  roleUpdated: (role: string) => `Successfully updated user role to ${role}`,
  ownRole: 'You cannot change your own role',
  unknownError: 'Unknown error occurred',
  oldPasswordRequired: '* Old password is required',
  newPasswordRequired: '* New password is required',
  newPasswordTooShort: `* New password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
  oldPasswordWrong: 'Your current password is not correct',
  passwordChanged: 'Password changed',
  resetLinkSent: 'If an account exists for this email, a link to reset the password is on its way',
  resetTokenRequired: 'The reset link is missing its token',
  resetTokenInvalid: 'This reset link is invalid or has expired, please ask for a new one',
  passwordRecovered: 'Password reset, please log in with the new one',
  somethingWrong: 'Something went wrong',
  passwordChangeFailed: 'Something went wrong while changing your password',
} as const;
