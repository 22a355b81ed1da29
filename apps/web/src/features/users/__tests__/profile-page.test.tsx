import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { ProfilePage } from '../pages/profile-page';

const routes = [{ path: '/dashboard/user', Component: ProfilePage }];

describe('user dashboard profile', () => {
  it('shows name, email, address, phone, initials and the member-since date', async () => {
    renderRoutes(routes, { path: '/dashboard/user', session: signedIn(aUser()) });

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('12 Road, Dhaka')).toBeInTheDocument();
    expect(screen.getByText('+8801712345678')).toBeInTheDocument();
    expect(screen.getByText('Member since Mar 5, 2024')).toBeInTheDocument();
    const avatarLink = screen.getByRole('link', { name: 'Update your profile picture and details' });
    expect(avatarLink).toHaveAttribute('href', '/dashboard/user/update-info');
    expect(avatarLink).toHaveTextContent('JD');
  });

  it('falls back to N/A and 11-11-2022 (in the one date format) when details are missing', async () => {
    renderRoutes(routes, {
      path: '/dashboard/user',
      session: signedIn(aUser({ address: null, phone: null, createdAt: '' })),
    });

    expect(await screen.findAllByText('N/A')).toHaveLength(2);
    expect(screen.getByText('Member since Nov 11, 2022')).toBeInTheDocument();
  });
});
