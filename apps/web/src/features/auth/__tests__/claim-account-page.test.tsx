import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aUser, jsonResponse, requestOf, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { stubFetch } from '@/test/stub-fetch';
import { ClaimAccountPage } from '../pages/claim-account-page';

const routes: RouteObject[] = [
  { path: '/claim-account', Component: ClaimAccountPage },
  { path: '/dashboard/user', element: <p>User dashboard</p> },
];

const fetchMock = stubFetch();

const sessionBody = (user = aUser()) => ({
  success: true,
  message: FRONT_DESK_MESSAGES.claimed,
  data: user,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
});

const claim = async ({ email }: { email?: string } = {}) => {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('New Password'), 'long-enough');
  await user.type(screen.getByLabelText('Confirm New Password'), 'long-enough');
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
};

describe('claim account page', () => {
  it('sends the token and the password, and leaves out an email left blank', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, sessionBody()));
    renderRoutes(routes, { path: '/claim-account?token=claim-token-1', session: signedOut });

    await screen.findByRole('heading', { name: 'Claim your account' });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining('Add your email if the shop does not have it'),
    );
    await claim();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/auth/claim');
    expect(await request.json()).toEqual({ token: 'claim-token-1', password: 'long-enough' });
  });

  it('sends the email given, signs the customer in and takes them to their dashboard', async () => {
    const customer = aUser({ email: 'jane@example.com' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, sessionBody(customer)));
    const { store, router } = renderRoutes(routes, { path: '/claim-account?token=claim-token-1', session: signedOut });

    await screen.findByRole('heading', { name: 'Claim your account' });
    await claim({ email: 'Jane@Example.com' });

    expect(await screen.findByText('User dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/user');
    expect(await screen.findByText(FRONT_DESK_MESSAGES.claimed)).toBeInTheDocument();
    expect(store.getState().session).toEqual({ user: customer, token: 'access-1', isLoading: false, signedOut: false });

    const request = requestOf(fetchMock.mock.calls[0]?.[0]);
    expect(await request.json()).toEqual({
      token: 'claim-token-1',
      password: 'long-enough',
      email: 'jane@example.com',
    });
  });

  it.each([
    [400, FRONT_DESK_MESSAGES.claimEmailRequired],
    [400, FRONT_DESK_MESSAGES.claimInvalid],
    [409, FRONT_DESK_MESSAGES.emailTaken],
  ])("a %i answer shows the server's message and keeps the visitor signed out", async (status, message) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { success: false, message }));
    const { store, router } = renderRoutes(routes, { path: '/claim-account?token=claim-token-1', session: signedOut });

    await screen.findByRole('heading', { name: 'Claim your account' });
    await claim();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(store.getState().session.user).toBeNull();
    expect(router.state.location.pathname).toBe('/claim-account');
  });

  it('does not send a password the confirmation does not repeat', async () => {
    renderRoutes(routes, { path: '/claim-account?token=claim-token-1', session: signedOut });
    const user = userEvent.setup({ delay: null });

    await screen.findByRole('heading', { name: 'Claim your account' });
    await user.type(screen.getByLabelText('New Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByText('* Passwords must match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the link is no good, with no form, when it carries no token', async () => {
    renderRoutes(routes, { path: '/claim-account', session: signedOut });

    expect(await screen.findByRole('alert')).toHaveTextContent(FRONT_DESK_MESSAGES.claimInvalid);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
