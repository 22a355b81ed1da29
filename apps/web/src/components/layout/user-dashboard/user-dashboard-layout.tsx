import { ArrowLeftIcon, LogOutIcon } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/session/use-logout';
import { cn } from '@/lib/utils';
import { USER_DASHBOARD_NAV } from './user-dashboard-nav';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';

/** SPEC section 2: Go Back, Profile, Account Settings, My Bookings, My Vehicles and Logout around the user's pages. */
export const UserDashboardLayout = () => {
  const navigate = useNavigate();
  const { logOut, isLoggingOut } = useLogout();

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30 md:flex-row">
      <aside className="border-b bg-sidebar text-sidebar-foreground md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center justify-between p-4 md:p-5">
          <Logo />
          <ThemeToggle />
        </div>
        {/* On a phone the sections wrap onto a second line rather than scroll out of sight. */}
        <nav aria-label="Dashboard" className="flex flex-wrap gap-1 px-3 pb-3 md:flex-col md:flex-nowrap md:px-4">
          <button type="button" onClick={() => navigate(-1)} className={cn(itemClass, 'w-auto md:w-full')}>
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Go Back
          </button>
          {USER_DASHBOARD_NAV.map(({ to, label, Icon }) => (
            <NavLink
              key={to}
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  itemClass,
                  'w-auto shrink-0 md:w-full',
                  isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
          <Button
            variant="ghost"
            onClick={logOut}
            disabled={isLoggingOut}
            className="w-auto shrink-0 justify-start gap-3 px-3 text-destructive hover:bg-destructive/10 hover:text-destructive md:mt-4 md:w-full"
          >
            <LogOutIcon aria-hidden="true" />
            Logout
          </Button>
        </nav>
      </aside>
      <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-10">
        <Outlet />
      </main>
    </div>
  );
};
