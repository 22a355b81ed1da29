import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { toastError } from '@/lib/toast-message';
import { type ForgotPasswordPayload, useForgotPasswordMutation } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export const ForgotPasswordPage = () => {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (values: ForgotPasswordPayload) => {
    try {
      await forgotPassword(values).unwrap();
      setSentTo(values.email);
      toast.success(AUTH_MESSAGES.resetLinkSent);
    } catch (error) {
      toastError({ title: (isFetchBaseQueryError(error) && serverMessage(error)) || AUTH_MESSAGES.somethingWrong });
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to set a new one"
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className={linkClass}>
            Back to login
          </Link>
        </p>
      }
    >
      {sentTo ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheckIcon className="size-10 text-primary" aria-hidden="true" />
          <p className="font-medium">{AUTH_MESSAGES.resetLinkSent}</p>
          <p className="text-muted-foreground text-sm">Sent to {sentTo}. The link works once, for an hour.</p>
        </div>
      ) : (
        <ForgotPasswordForm onSubmit={onSubmit} />
      )}
    </AuthCard>
  );
};
