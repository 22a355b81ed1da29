import { CalendarClockIcon, CirclePlusIcon, LayoutDashboardIcon, UsersIcon } from 'lucide-react';

/** SPEC section 2: Create Service deliberately points at the dashboard, where services are added. */
export const ADMIN_NAV_ITEMS = [
  { to: '/dashboard/admin', label: 'Dashboard', Icon: LayoutDashboardIcon },
  { to: '/dashboard/admin/manage-user', label: 'Manage User', Icon: UsersIcon },
  { to: '/dashboard/admin/manage-slots', label: 'Manage Slots', Icon: CalendarClockIcon },
  { to: '/dashboard/admin', label: 'Create Service', Icon: CirclePlusIcon },
] as const;
