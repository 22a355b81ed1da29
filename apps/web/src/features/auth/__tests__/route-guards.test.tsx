import { REDIRECT_COOKIE } from '@carcare/contracts/session-constants';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { RequireAdmin, RequireShop, RequireUser } from '../components/require-role';

const routes: RouteObject[] = [
  { path: '/', element: <p>Home screen</p> },
  { path: '/login', element: <p>Login screen</p> },
  { path: '/proceed-booking', Component: RequireUser, children: [{ index: true, element: <p>Booking screen</p> }] },
  {
    path: '/dashboard/user',
    Component: RequireUser,
    children: [{ path: 'my-bookings', element: <p>My bookings screen</p> }],
  },
  { path: '/dashboard/admin', Component: RequireAdmin, children: [{ index: true, element: <p>Admin screen</p> }] },
  {
    path: '/shop',
    Component: RequireShop,
    children: [
      { path: 'schedule', element: <p>Day board screen</p> },
      { Component: RequireAdmin, children: [{ path: 'settings', element: <p>Settings screen</p> }] },
    ],
  },
  { path: '/dashboard/admin/schedule', element: <p>Staff day board screen</p> },
];

afterEach(() => {
  Cookies.remove(REDIRECT_COOKIE, { path: '/' });
});

describe('user guard (/proceed-booking, /dashboard/user)', () => {
  it('sends a visitor to /login and remembers the path with its query in the redirect cookie', async () => {
    const { router } = renderRoutes(routes, { path: '/dashboard/user/my-bookings?page=2', session: signedOut });

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(Cookies.get(REDIRECT_COOKIE)).toBe('/dashboard/user/my-bookings?page=2');
  });

  it('treats a user without a token as a visitor', async () => {
    renderRoutes(routes, {
      path: '/proceed-booking',
      session: { user: aUser(), token: null, isLoading: false, signedOut: false },
    });

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(Cookies.get(REDIRECT_COOKIE)).toBe('/proceed-booking');
  });

  it('sends an admin to / without touching the redirect cookie', async () => {
    const { router } = renderRoutes(routes, { path: '/proceed-booking', session: signedIn(aUser({ role: 'admin' })) });

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(Cookies.get(REDIRECT_COOKIE)).toBeUndefined();
  });

  it('lets a signed-in user in', async () => {
    renderRoutes(routes, { path: '/dashboard/user/my-bookings', session: signedIn() });
    expect(await screen.findByText('My bookings screen')).toBeInTheDocument();
  });
});

describe('admin guard (/dashboard/admin)', () => {
  it("shows 'Loading...' while the session is being checked", () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: { ...signedIn(), isLoading: true } });

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Admin screen')).not.toBeInTheDocument();
    expect(screen.queryByText('Login screen')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login with the redirect cookie set', async () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: signedOut });

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(Cookies.get(REDIRECT_COOKIE)).toBe('/dashboard/admin');
  });

  it('sends a customer (role user) to /', async () => {
    const { router } = renderRoutes(routes, { path: '/dashboard/admin', session: signedIn() });

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an admin in', async () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(aUser({ role: 'admin' })) });
    expect(await screen.findByText('Admin screen')).toBeInTheDocument();
  });
});

describe('shop guard (the counter: staff and the administrator)', () => {
  it.each(['staff', 'admin'] as const)('lets %s in', async (role) => {
    renderRoutes(routes, { path: '/shop/schedule', session: signedIn(aUser({ role })) });
    expect(await screen.findByText('Day board screen')).toBeInTheDocument();
  });

  it('sends a customer (role user) to /', async () => {
    const { router } = renderRoutes(routes, { path: '/shop/schedule', session: signedIn() });

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor to /login with the redirect cookie set', async () => {
    renderRoutes(routes, { path: '/shop/schedule', session: signedOut });

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(Cookies.get(REDIRECT_COOKIE)).toBe('/shop/schedule');
  });

  it("sends staff away from an administrator's page to their day board, and lets the administrator in", async () => {
    const { router } = renderRoutes(routes, { path: '/shop/settings', session: signedIn(aUser({ role: 'staff' })) });

    expect(await screen.findByText('Staff day board screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/schedule');
    expect(Cookies.get(REDIRECT_COOKIE)).toBeUndefined();
  });

  it("lets the administrator into an administrator's page under it", async () => {
    renderRoutes(routes, { path: '/shop/settings', session: signedIn(aUser({ role: 'admin' })) });
    expect(await screen.findByText('Settings screen')).toBeInTheDocument();
  });

  it("keeps staff out of the customer's pages", async () => {
    const { router } = renderRoutes(routes, {
      path: '/dashboard/user/my-bookings',
      session: signedIn(aUser({ role: 'staff' })),
    });

    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
