import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import type { Role } from '@carcare/contracts/users';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { toast } from 'sonner';
import { toastError } from '@/lib/toast-message';
import { useUpdateUserRoleMutation } from '../api/update-user-role';

/** SPEC section 8: 'Please wait...!!!' while the role changes, then the outcome. */
export const useChangeRole = () => {
  const [updateUserRole, { isLoading }] = useUpdateUserRoleMutation();

  const changeRole = async (id: string, role: Role) => {
    const loadingToast = toast.loading(USER_MESSAGES.roleChangeLoading);
    try {
      await updateUserRole({ id, role }).unwrap();
      toast.success(AUTH_MESSAGES.roleUpdated(role));
    } catch {
      toastError({ title: USER_MESSAGES.roleChangeFailed });
    } finally {
      toast.dismiss(loadingToast);
    }
  };

  return { changeRole, isChangingRole: isLoading };
};
