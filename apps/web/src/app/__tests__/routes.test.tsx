import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { routes } from '../routes';

describe('app routes', () => {
  it('shows the not-found view for an unknown path', async () => {
    renderRoutes(routes, { path: '/no/such/page', session: signedOut });

    expect(await screen.findByRole('heading', { name: 'Oops, page not found!' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['admin', 'Service Management'],
    ['user', 'Profile'],
  ] as const)('sends /profile to the %s dashboard', async (role, heading) => {
    const { router } = renderRoutes(routes, { path: '/profile', session: signedIn(aUser({ role })) });

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/${role}`);
  });

  it.each([
    ['/profile'],
    ['/dashboard/admin'],
    ['/dashboard/admin/settings'],
    ['/dashboard/admin/overview'],
    ['/dashboard/admin/manage-user'],
    ['/dashboard/admin/manage-slots'],
    ['/dashboard/admin/bays'],
    ['/dashboard/admin/vehicle-classes'],
    ['/dashboard/admin/add-ons'],
  ])("takes staff from %s to the day board, the shop's dashboard for them", async (path) => {
    const { router } = renderRoutes(routes, { path, session: signedIn(aUser({ role: 'staff' })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/schedule');
  });

  it('opens Booking Management for staff, with only the counter in the sidebar', async () => {
    renderRoutes(routes, { path: '/dashboard/admin/manage-bookings', session: signedIn(aUser({ role: 'staff' })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Management' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Schedule', '/dashboard/admin/schedule'],
      ['Booking Management', '/dashboard/admin/manage-bookings'],
      ['New booking', '/dashboard/admin/new-booking'],
    ]);
  });

  it('serves the home hero with a Book Now link to /services', async () => {
    renderRoutes(routes, { path: '/', session: signedOut });
    expect(await screen.findByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/services');
  });

  it.each([
    ['/dashboard/admin/manage-user', 'User Management', undefined],
    ['/dashboard/admin/manage-slots', 'Slot Management', 'Manage slots to get booking'],
    ['/dashboard/admin/bays', 'Bays', 'Bookings take the first free bay in this order'],
    ['/dashboard/admin/manage-bookings', 'Booking Management', undefined],
    ['/dashboard/admin/new-booking', 'New booking', 'Book for a customer on the phone or at the counter'],
    ['/dashboard/admin', 'Service Management', 'Manage your services'],
    ['/dashboard/admin/overview', 'Overview', 'How the business is doing, beside the period just before.'],
    ['/dashboard/admin/schedule', 'Schedule', undefined],
    ['/dashboard/admin/settings', 'Settings', "Your shop's details, opening hours and closures"],
  ])('%s shows its heading', async (path, heading, subLine) => {
    renderRoutes(routes, { path, session: signedIn(aUser({ role: 'admin' })) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    if (subLine) expect(screen.getByText(subLine)).toBeInTheDocument();
  });

  it("opens the customer's garage under the user dashboard", async () => {
    renderRoutes(routes, { path: '/dashboard/user/my-vehicles', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Vehicles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Vehicles' })).toHaveAttribute('href', '/dashboard/user/my-vehicles');
  });

  it('gives the user dashboard its sidebar', async () => {
    renderRoutes(routes, { path: '/dashboard/user/my-bookings', session: signedIn() });

    expect(await screen.findByRole('heading', { name: 'My Bookings' })).toBeInTheDocument();
    for (const [name, href] of [
      ['Profile', '/dashboard/user'],
      ['Account Settings', '/dashboard/user/update-info'],
      ['My Bookings', '/dashboard/user/my-bookings'],
      ['My Vehicles', '/dashboard/user/my-vehicles'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
