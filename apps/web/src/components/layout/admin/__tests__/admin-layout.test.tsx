import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, jsonResponse, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { AdminLayout } from '../admin-layout';

const admin = aUser({ role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });

const routes = [
  { path: '/', element: <p>Home screen</p> },
  {
    path: '/dashboard/admin',
    Component: AdminLayout,
    children: [
      { index: true, element: <p>Services screen</p> },
      { path: 'manage-user', element: <p>Users screen</p> },
      { path: 'manage-bookings', element: <p>Bookings screen</p> },
      { path: 'settings', element: <p>Settings screen</p> },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('admin shell', () => {
  it('opens the 287 px sidebar by default and collapses it to 0 with the chevron', async () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    const sidebar = await screen.findByRole('complementary', { name: 'Admin' });
    expect(sidebar).toHaveClass('w-[287px]');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveClass('w-0');
    expect(sidebar).not.toHaveClass('w-[287px]');

    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveClass('w-[287px]');
  });

  it('highlights entries by exact path', async () => {
    renderRoutes(routes, { path: '/dashboard/admin/manage-user', session: signedIn(admin) });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });

    expect(within(nav).getByRole('link', { name: 'Manage User' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Create Service' })).toHaveAttribute('href', '/dashboard/admin');
    expect(within(nav).getByRole('link', { name: 'Manage Slots' })).toHaveAttribute(
      'href',
      '/dashboard/admin/manage-slots',
    );
  });

  it('lists Booking Management and marks it as the current page on its route', async () => {
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/manage-bookings', session: signedIn(admin) });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(await screen.findByText('Bookings screen')).toBeInTheDocument();

    const entry = within(nav).getByRole('link', { name: 'Booking Management' });
    expect(entry).toHaveAttribute('href', '/dashboard/admin/manage-bookings');
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(entry).toHaveClass('bg-sidebar-accent');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toEqual([entry]);

    await userEvent.click(within(nav).getByRole('link', { name: 'Manage User' }));
    expect(router.state.location.pathname).toBe('/dashboard/admin/manage-user');
    expect(within(nav).getByRole('link', { name: 'Booking Management' })).not.toHaveAttribute('aria-current');
  });

  it("puts Overview first and Schedule second, then SPEC's entries with Bays, Vehicle Classes, Add-ons and Plans after Manage Slots, Settings last", async () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Schedule',
      'Dashboard',
      'Manage User',
      'Manage Slots',
      'Bays',
      'Vehicle Classes',
      'Add-ons',
      'Plans',
      'Members',
      'Booking Management',
      'New booking',
      'Create Service',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/dashboard/admin/overview');
    expect(within(nav).getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/dashboard/admin/schedule');
    expect(within(nav).getByRole('link', { name: 'Bays' })).toHaveAttribute('href', '/dashboard/admin/bays');
    expect(within(nav).getByRole('link', { name: 'Vehicle Classes' })).toHaveAttribute(
      'href',
      '/dashboard/admin/vehicle-classes',
    );
    expect(within(nav).getByRole('link', { name: 'Add-ons' })).toHaveAttribute('href', '/dashboard/admin/add-ons');
    expect(within(nav).getByRole('link', { name: 'Plans' })).toHaveAttribute('href', '/dashboard/admin/plans');
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/dashboard/admin/members');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/admin/settings');
  });

  it('shows staff only the counter: the day board, Booking Management and New booking, and no Setting in the avatar menu', async () => {
    const staff = aUser({ role: 'staff', firstName: 'Sam', lastName: 'Counter' });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/dashboard/admin/manage-bookings', session: signedIn(staff) });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Schedule', '/dashboard/admin/schedule'],
      ['Booking Management', '/dashboard/admin/manage-bookings'],
      ['New booking', '/dashboard/admin/new-booking'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Booking Management' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Booking Manage', 'Logout']);
  });

  it('shows the initials in the avatar menu with Options, its links and a working Logout', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true, message: 'Successfully logged out' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    const { store, router } = renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });

    const trigger = await screen.findByRole('button', { name: 'Open user menu' });
    expect(trigger).toHaveTextContent('AL');
    await user.click(trigger);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Options')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('menuitem', { name: 'Booking Manage' })).toHaveAttribute(
      'href',
      '/dashboard/admin/manage-bookings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Setting' })).toHaveAttribute(
      'href',
      '/dashboard/admin/settings',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session).toEqual({ user: null, token: null, isLoading: false, signedOut: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("opens the Settings screen from the avatar menu's Setting", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Setting' }));

    expect(await screen.findByText('Settings screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/settings');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the light, dark and system themes', async () => {
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    expect(await screen.findByRole('combobox', { name: 'Theme' })).toHaveTextContent('System');
  });
});
