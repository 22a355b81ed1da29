import type { User } from '@carcare/contracts/users';
import { CalendarCheckIcon, HouseIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/user/user-avatar';
import { paths } from '@/lib/paths';
import { useLogout } from '@/lib/session/use-logout';

type AdminUserMenuProps = { user: User };

export const AdminUserMenu = ({ user }: AdminUserMenuProps) => {
  const { logOut } = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        className="cursor-pointer rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <UserAvatar user={user} className="size-9" fallbackClassName="text-sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Options</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.home}>
            <HouseIcon aria-hidden="true" />
            Home
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.adminDashboard.manageBookings}>
            <CalendarCheckIcon aria-hidden="true" />
            Booking Manage
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to={paths.adminDashboard.settings}>
              <SettingsIcon aria-hidden="true" />
              Setting
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logOut()}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
};
