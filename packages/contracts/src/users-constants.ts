/** Constants and messages only: importing them never loads a schema library. */
import { AUTH_MESSAGES } from './auth-constants';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Shown when createdAt is missing. */
export const MEMBER_SINCE_FALLBACK = '11-11-2022';

export const USER_SEARCH_PLACEHOLDER = 'email or last name or first..';

export const USER_MESSAGES = {
  firstNameRequired: '* First Name is required',
  firstNameTooLong: `* First Name must be at most ${TEXT_LIMITS.personName} characters`,
  lastNameRequired: '* Last Name is required',
  lastNameTooLong: `* Last Name must be at most ${TEXT_LIMITS.personName} characters`,
  addressTooLong: tooLongMessage('Address', TEXT_LIMITS.address),
  phoneTooLong: tooLongMessage('Contact number', TEXT_LIMITS.phone),
  phoneInvalid: AUTH_MESSAGES.phoneInvalid,
  searchTooLong: tooLongMessage('searchTerm', TEXT_LIMITS.searchTerm),
  imageInvalid: 'Invalid file type. Please select an image.',
  updated: 'Profile updated',
  updateFailed: 'Something went wrong while updating your details',
  imageUpdated: 'Profile image updated',
  imageMissing: 'Send the image in the multipart field "file"',
  imageTooLarge: `The image must be at most ${MAX_PROFILE_IMAGE_BYTES / (1024 * 1024)} MB`,
  imageType: 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted',
  imageUnreadable: 'The image could not be read',
  imageUploadsPerHour: (limit: number, minutes: number) =>
    `You can change your profile image ${limit} times an hour: please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  emailOrRoleLocked: 'Email and role cannot be changed here',
  nothingToUpdate: 'Send at least one of firstName, lastName, address, phone',
  retrieved: 'Users retrieved',
  notFound: 'User not found',
  listFailed: 'Something went wrong while loading the users',
  roleChangeLoading: 'Please wait...!!!',
  roleChangeFailed: 'Something went wrong while making this request',
} as const;
