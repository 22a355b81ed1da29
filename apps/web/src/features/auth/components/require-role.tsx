import type { Role } from '@carcare/contracts/users';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { RedirectToLogin } from './redirect-to-login';

type RequireRoleProps = { allowedRole: Role };

/**
 * SPEC section 6: a user and a token are required (else the path is remembered and the visitor goes to /login);
 * a signed-in user of another role goes to /; while the session is checked it shows 'Loading...'.
 */
const RequireRole = ({ allowedRole }: RequireRoleProps) => {
  const { user, token, isLoading, signedOut } = useSession();
  if (isLoading) return <LoadingScreen />;
  if (!user || !token) return signedOut ? <Navigate to={paths.home} replace /> : <RedirectToLogin />;
  if (user.role !== allowedRole) return <Navigate to={paths.home} replace />;
  return <Outlet />;
};

export const RequireUser = () => <RequireRole allowedRole="user" />;
export const RequireAdmin = () => <RequireRole allowedRole="admin" />;
