import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { REDIRECT_COOKIE } from '@carcare/contracts/session-constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { LoginPage } from '../pages/login-page';

const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  { path: '/profile', element: <p>Profile redirect</p> },
  { path: '/proceed-booking', element: <p>Booking screen</p> },
  { path: '/dashboard/user', element: <p>User dashboard</p> },
];

const fetchMock = stubFetch();

afterEach(() => {
  Cookies.remove(REDIRECT_COOKIE, { path: '/' });
});

const logIn = async () => {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
};

const sessionBody = (user = aUser()) => ({
  success: true,
  message: 'Successfully logged in',
  data: user,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
});

describe('login page', () => {
  it('shows the SPEC texts and links', async () => {
    renderRoutes(routes, { path: '/login', session: signedOut });

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  });

  it('stores the session, greets, forgets the redirect cookie and goes to the stored target', async () => {
    Cookies.set(REDIRECT_COOKIE, '/proceed-booking', { path: '/' });
    const user = aUser();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, sessionBody(user)));
    const { store, router } = renderRoutes(routes, { path: '/login', session: signedOut });

    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();

    expect(await screen.findByText('Booking screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/proceed-booking');
    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(store.getState().session).toEqual({ user, token: 'access-1', isLoading: false, signedOut: false });
    expect(Cookies.get(REDIRECT_COOKIE)).toBeUndefined();

    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(await request.json()).toEqual({ email: 'jane@example.com', password: 'secret-password' });
  });

  it('goes to /profile when there is no redirect target', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, sessionBody()));
    renderRoutes(routes, { path: '/login', session: signedOut });

    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();

    expect(await screen.findByText('Profile redirect')).toBeInTheDocument();
  });

  it('follows the ?redirect query parameter, but only to a path on this site', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, sessionBody()));
    const first = renderRoutes(routes, { path: '/login?redirect=/dashboard/user', session: signedOut });
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();
    expect(await screen.findByText('User dashboard')).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, { path: '/login?redirect=//evil.example', session: signedOut });
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();
    expect(await screen.findByText('Profile redirect')).toBeInTheDocument();
  });

  it.each([
    [401, AUTH_MESSAGES.wrongPassword, AUTH_MESSAGES.wrongPasswordDescription],
    [404, AUTH_MESSAGES.unknownEmail, AUTH_MESSAGES.unknownEmailDescription],
  ])('a %i answer shows its own toast and keeps the visitor signed out', async (status, title, description) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { success: false, message: 'server words' }));
    const { store, router } = renderRoutes(routes, { path: '/login', session: signedOut });

    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();

    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please wait')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState().session.user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message for other errors", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { success: false, message: 'Too many requests' }));
    renderRoutes(routes, { path: '/login', session: signedOut });

    await screen.findByRole('heading', { name: 'Welcome Back!' });
    await logIn();

    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
  });
});
