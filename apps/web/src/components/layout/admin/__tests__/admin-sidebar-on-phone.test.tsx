import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, signedIn } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { AdminLayout } from '../admin-layout';

const admin = aUser({ role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });

const routes = [
  {
    path: '/dashboard/admin',
    Component: AdminLayout,
    children: [{ index: true, element: <p>Services screen</p> }],
  },
];

/** A screen `width` px wide: the max-width queries it satisfies match. */
const screenWidth = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return { matches: maxWidth >= width, media: query, addEventListener() {}, removeEventListener() {} };
  });

const backdrop = () => screen.getByTestId('admin-sidebar-backdrop');

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('admin sidebar on a phone', () => {
  it('dims the page behind it, and Escape closes it and gives the focus to the menu button', async () => {
    screenWidth(390);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    const sidebar = await screen.findByRole('complementary', { name: 'Admin' });
    expect(sidebar).toHaveClass('w-[287px]');
    expect(backdrop()).toHaveClass('bg-black/50', 'opacity-100');
    expect(backdrop()).not.toHaveClass('invisible');

    await user.keyboard('{Escape}');
    expect(sidebar).toHaveClass('w-0');
    expect(backdrop()).toHaveClass('invisible', 'pointer-events-none', 'opacity-0');
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    expect(sidebar).toHaveClass('w-[287px]');
    expect(backdrop()).not.toHaveClass('invisible');
  });

  it('stays open on a press inside it and closes on a press on the dimmed page', async () => {
    screenWidth(390);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    const sidebar = await screen.findByRole('complementary', { name: 'Admin' });

    await user.click(sidebar);
    expect(sidebar).toHaveClass('w-[287px]');
    await user.click(backdrop());
    expect(sidebar).toHaveClass('w-0');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open on Escape on a laptop, where it sits beside the page', async () => {
    screenWidth(1280);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: '/dashboard/admin', session: signedIn(admin) });
    const sidebar = await screen.findByRole('complementary', { name: 'Admin' });

    await user.keyboard('{Escape}');
    expect(sidebar).toHaveClass('w-[287px]');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
