import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { toastError } from '@/lib/toast-message';
import { useRecoverPasswordMutation } from '../api/recover-password';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import type { ResetPasswordFormValues } from '../reset-password-form-schema';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Reached from the emailed link /reset-password?token=…; success sends the visitor to log in again. */
export const ResetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [recoverPassword] = useRecoverPasswordMutation();
  const navigate = useNavigate();

  const onSubmit = async ({ newPassword }: ResetPasswordFormValues) => {
    try {
      await recoverPassword({ token, newPassword }).unwrap();
      toast.success(AUTH_MESSAGES.passwordRecovered);
      await navigate(paths.login);
    } catch (error) {
      toastError({ title: (isFetchBaseQueryError(error) && serverMessage(error)) || AUTH_MESSAGES.somethingWrong });
    }
  };

  return (
    <AuthCard
      title="Set a new password"
      description="Choose a password you have not used here before"
      footer={
        <p>
          Link expired?{' '}
          <Link to={paths.forgotPassword} className={linkClass}>
            Ask for a new one
          </Link>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm onSubmit={onSubmit} />
      ) : (
        <p role="alert" className="text-center text-destructive text-sm">
          {AUTH_MESSAGES.resetTokenRequired}
        </p>
      )}
    </AuthCard>
  );
};
