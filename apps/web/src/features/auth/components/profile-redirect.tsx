import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { dashboardPathFor, paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';

/** /profile has no screen of its own: it is the signed-in user's dashboard. */
export const ProfileRedirect = () => {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <Navigate to={paths.login} replace />;
  return <Navigate to={dashboardPathFor(user.role)} replace />;
};
