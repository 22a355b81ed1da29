import type { User } from '@carcare/contracts/users';
import type { ProfileChanges } from './api/update-profile';
import type { ProfileFormValues } from './profile-form-schema';

/** SPEC section 5: only the fields that differ from the stored profile are sent; an emptied field becomes null. */
export const profileChanges = (user: User, values: ProfileFormValues): ProfileChanges => {
  const changes: ProfileChanges = {};
  if (values.firstName !== user.firstName) changes.firstName = values.firstName;
  if (values.lastName !== user.lastName) changes.lastName = values.lastName;
  if (values.address !== (user.address ?? '')) changes.address = values.address || null;
  if (values.phone !== (user.phone ?? '')) changes.phone = values.phone || null;
  if (values.textsAccepted !== user.textsAccepted) changes.textsAccepted = values.textsAccepted;
  if (values.reviewRequests === user.reviewRequestsOff) changes.reviewRequestsOff = !values.reviewRequests;
  return changes;
};

export const profileFormDefaults = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  address: user.address ?? '',
  phone: user.phone ?? '',
  image: null,
  textsAccepted: user.textsAccepted,
  reviewRequests: !user.reviewRequestsOff,
});
