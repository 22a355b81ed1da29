import { CalendarClockIcon, CirclePlusIcon, LayoutDashboardIcon, UsersIcon, WarehouseIcon } from 'lucide-react';
import { paths } from '@/lib/paths';

/**
 * SPEC section 2's entries, with Bays after Manage Slots. Create Service deliberately points at the dashboard,
 * where services are added.
 */
export const ADMIN_NAV_ITEMS = [
  { to: paths.adminDashboard.home, label: 'Dashboard', Icon: LayoutDashboardIcon },
  { to: paths.adminDashboard.manageUsers, label: 'Manage User', Icon: UsersIcon },
  { to: paths.adminDashboard.manageSlots, label: 'Manage Slots', Icon: CalendarClockIcon },
  { to: paths.adminDashboard.bays, label: 'Bays', Icon: WarehouseIcon },
  { to: paths.adminDashboard.home, label: 'Create Service', Icon: CirclePlusIcon },
] as const;
