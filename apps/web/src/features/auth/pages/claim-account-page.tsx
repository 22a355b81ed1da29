import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { ClaimAccountForm } from '../components/claim-account-form';
import { useClaimAccount } from '../hooks/use-claim-account';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Reached from the link /claim-account?token=… the shop sends a customer it added: they choose a password (and
 * give an email if the shop has none), and are signed in.
 */
export const ClaimAccountPage = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const claimAccount = useClaimAccount(token);

  return (
    <AuthCard
      title="Claim your account"
      description="Choose a password to sign in with from now on"
      footer={
        <p>
          Already set a password?{' '}
          <Link to={paths.login} className={linkClass}>
            Log in
          </Link>
        </p>
      }
    >
      {token ? (
        <ClaimAccountForm onSubmit={claimAccount} />
      ) : (
        <p role="alert" className="text-center text-destructive text-sm">
          {FRONT_DESK_MESSAGES.claimInvalid}
        </p>
      )}
    </AuthCard>
  );
};
