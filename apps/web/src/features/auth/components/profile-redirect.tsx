import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { dashboardPathFor, paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';

/**
 * /profile has no screen of its own: it is the signed-in user's dashboard. The redirect is keyed by the
 * location: arriving at /profile again while the dashboard's code still loads (a Back press, a link) cancels
 * the redirect under way, and a redirect that stayed mounted would not start another one, leaving an empty page.
 */
export const ProfileRedirect = () => {
  const { user, isLoading } = useSession();
  const { key } = useLocation();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <Navigate key={key} to={paths.login} replace />;
  return <Navigate key={key} to={dashboardPathFor(user.role)} replace />;
};
