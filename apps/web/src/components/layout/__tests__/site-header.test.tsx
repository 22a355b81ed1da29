import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, signedIn, signedOut } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { PublicLayout } from '../public-layout';

const routes = [{ path: '/', Component: PublicLayout, children: [{ index: true, element: <p>Page</p> }] }];

describe('public header', () => {
  it('links Home, Services, Wash club and Testimonials, and Login for a visitor', async () => {
    renderRoutes(routes, { path: '/', session: signedOut });
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(within(nav).getByRole('link', { name: 'Wash club' })).toHaveAttribute('href', '/wash-club');
    expect(within(nav).getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/testimonials');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it.each([
    ['admin', '/dashboard/admin'],
    ['staff', '/dashboard/admin'],
    ['user', '/dashboard/user'],
  ] as const)('links a signed-in %s to %s', async (role, href) => {
    renderRoutes(routes, { path: '/', session: signedIn(aUser({ role })) });

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', href);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('repeats the four links in a 300 px mobile drawer', async () => {
    renderRoutes(routes, { path: '/', session: signedOut });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveClass('w-[300px]');
    const links = within(within(drawer).getByRole('navigation', { name: 'Mobile' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Services', 'Wash club', 'Testimonials']);
  });

  it('has the footer sections and the 2024 copyright', async () => {
    renderRoutes(routes, { path: '/', session: signedOut });
    const footer = await screen.findByRole('contentinfo');

    for (const heading of ['Location', 'Contact', 'Follow Us']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    for (const link of ['Privacy Policy', 'Terms of Service', 'Cookie Policy', 'Sitemap', 'Faq']) {
      expect(within(footer).getByRole('link', { name: link })).toHaveAttribute('href', '#');
    }
    expect(within(footer).getByText(/© 2024/)).toBeInTheDocument();
  });
});
