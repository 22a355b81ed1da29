import type { Role } from '@carcare/contracts/users';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { RedirectToLogin } from './redirect-to-login';

type RequireRoleProps = {
  allowedRoles: readonly Role[];
  /** Where a signed-in user of another role goes: the home page unless said otherwise. */
  refusedTo?: (role: Role) => string;
};

/**
 * SPEC section 6: a user and a token are required (else the path is remembered and the visitor goes to /login);
 * a signed-in user of another role goes to / (or where `refusedTo` says); while the session is checked it shows
 * 'Loading...'.
 */
const RequireRole = ({ allowedRoles, refusedTo }: RequireRoleProps) => {
  const { user, token, isLoading, signedOut } = useSession();
  if (isLoading) return <LoadingScreen />;
  if (!user || !token) return signedOut ? <Navigate to={paths.home} replace /> : <RedirectToLogin />;
  if (!allowedRoles.includes(user.role)) return <Navigate to={refusedTo?.(user.role) ?? paths.home} replace />;
  return <Outlet />;
};

const CUSTOMER: readonly Role[] = ['user'];
const SHOP: readonly Role[] = ['staff', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** Staff refused an administrator's page go back to their day board; anyone else goes home. */
const adminRefusedTo = (role: Role) => (role === 'staff' ? paths.adminDashboard.schedule : paths.home);

export const RequireUser = () => <RequireRole allowedRoles={CUSTOMER} />;
/** The shop's dashboard: staff and the administrator. */
export const RequireShop = () => <RequireRole allowedRoles={SHOP} />;
/** The administrator's own pages (services, slots, bays, prices, settings, users, the overview). */
export const RequireAdmin = () => <RequireRole allowedRoles={ADMIN} refusedTo={adminRefusedTo} />;
