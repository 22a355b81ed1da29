import { LogInIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { buttonVariants } from '@/components/ui/button';
import { UserAvatar } from '@/components/user/user-avatar';
import { Island } from '@/lib/islands/island';
import { dashboardPathFor, paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { cn } from '@/lib/utils';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { PUBLIC_NAV_LINKS } from './public-nav-links';

const AccountLink = () => {
  const { user } = useSession();
  if (!user) {
    return (
      <Link to={paths.login} className={buttonVariants({ size: 'sm' })}>
        <LogInIcon aria-hidden="true" />
        Login
      </Link>
    );
  }
  return (
    // On a phone the avatar stands for the link, so the logo, the theme and the account fit on one row.
    <Link to={dashboardPathFor(user.role)} className={cn(buttonVariants({ size: 'sm' }), 'pl-1 max-sm:pr-1')}>
      <span aria-hidden="true">
        <UserAvatar user={user} className="size-6" fallbackClassName="text-[10px]" />
      </span>
      <span className="max-sm:sr-only">Dashboard</span>
    </Link>
  );
};

type SiteHeaderProps = { addon?: ReactNode };

/**
 * One row on wide screens. Below 1280 px the addon (the Next Slot countdown, a long sentence by SPEC) takes a row
 * of its own under the logo and the account link, so a phone never scrolls sideways; it leaves no row when empty.
 */
export const SiteHeader = ({ addon }: SiteHeaderProps) => (
  <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
    <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:px-6">
      <div className="flex h-16 min-w-0 items-center gap-3">
        <Island name="site-menu" component={MobileNavDrawer} props={{}} />
        <Logo />
      </div>
      <nav aria-label="Main" className="ml-8 hidden items-center gap-1 min-[1025px]:flex">
        {PUBLIC_NAV_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end
            className={({ isActive }) =>
              cn(
                'rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground',
                isActive && 'text-primary hover:text-primary',
              )
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="flex-1" />
      {addon ? (
        <div className="order-last flex min-w-0 basis-full justify-center pb-2 empty:hidden xl:order-none xl:basis-auto xl:pb-0">
          {addon}
        </div>
      ) : null}
      <div className="flex h-16 items-center gap-2">
        <Island name="theme-toggle" component={ThemeToggle} props={{}} />
        <AccountLink />
      </div>
    </div>
  </header>
);
