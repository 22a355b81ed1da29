import type { User } from '@carcare/contracts/users';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useAppDispatch } from '@/lib/redux-hooks';
import { authStateLoaded } from '@/lib/session/session-slice';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useUpdateProfileMutation } from '../api/update-profile';
import { useUpdateProfileImageMutation } from '../api/update-profile-image';
import { profileChanges } from '../profile-changes';
import type { ProfileFormValues } from '../profile-form-schema';

/** The server's word on a picture refused for too many uploads this hour: when the user may try again. */
const tooManyUploads = (error: unknown) =>
  (isFetchBaseQueryError(error) && error.status === 429 && serverMessage(error)) || undefined;

/** Uploads a new picture (multipart) and sends the changed fields, then hands the fresh user to the session. */
export const useUpdateProfile = (user: User) => {
  const [updateProfile] = useUpdateProfileMutation();
  const [updateProfileImage] = useUpdateProfileImageMutation();
  const dispatch = useAppDispatch();

  return async (values: ProfileFormValues): Promise<User | null> => {
    const changes = profileChanges(user, values);
    const hasChanges = Object.keys(changes).length > 0;
    if (!hasChanges && !values.image) return user;

    const loadingToast = toast.loading(UI_MESSAGES.loadingToast);
    let latest = user;
    try {
      if (values.image) latest = await updateProfileImage(values.image).unwrap();
      if (hasChanges) latest = await updateProfile(changes).unwrap();
      dispatch(authStateLoaded(latest));
      toast.success(USER_MESSAGES.updated);
      return latest;
    } catch (error) {
      // The picture may have been saved before the other fields failed: show it anyway.
      if (latest !== user) dispatch(authStateLoaded(latest));
      toastError({ title: USER_MESSAGES.updateFailed, description: tooManyUploads(error) });
      return null;
    } finally {
      toast.dismiss(loadingToast);
    }
  };
};
