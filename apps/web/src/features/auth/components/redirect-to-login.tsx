import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { rememberRedirect } from '@/lib/redirect-cookie';

/** Stores the current path (with its query) in the redirect cookie, then goes to /login. */
export const RedirectToLogin = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    rememberRedirect(`${pathname}${search}`);
    void navigate(paths.login, { replace: true });
  }, [navigate, pathname, search]);

  return null;
};
