import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { aUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { ProfileRedirect } from '../components/profile-redirect';

const Dashboard = () => <main>My dashboard</main>;

/** A dashboard whose code arrives when the test says so, as a lazy chunk on a slow network. */
const slowDashboard = () => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const routes = [
    { path: paths.profile, Component: ProfileRedirect },
    {
      path: paths.userDashboard.home,
      lazy: () => arrived.then(() => ({ Component: Dashboard })),
    },
  ];
  return { routes, arrive };
};

describe('/profile', () => {
  it('takes the signed-in user to their dashboard', async () => {
    const { routes, arrive } = slowDashboard();
    const { router } = renderRoutes(routes, {
      path: paths.profile,
      session: { user: aUser(), token: 't', isLoading: false, signedOut: false },
    });
    await act(async () => arrive());

    expect(await screen.findByRole('main')).toHaveTextContent('My dashboard');
    expect(router.state.location.pathname).toBe(paths.userDashboard.home);
  });

  it('still arrives when /profile is opened again while the dashboard loads', async () => {
    const { routes, arrive } = slowDashboard();
    const { router } = renderRoutes(routes, {
      path: paths.profile,
      session: { user: aUser(), token: 't', isLoading: false, signedOut: false },
    });
    // The redirect is under way; a second arrival at /profile cancels it before the dashboard's code is in.
    await act(async () => {
      await Promise.resolve();
    });
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => router.navigate(paths.profile));
    await act(async () => arrive());

    expect(await screen.findByRole('main')).toHaveTextContent('My dashboard');
    expect(router.state.location.pathname).toBe(paths.userDashboard.home);
  });
});
