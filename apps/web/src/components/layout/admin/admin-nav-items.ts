import type { Role } from '@carcare/contracts/users';
import {
  CalendarClockIcon,
  CalendarDaysIcon,
  CalendarPlusIcon,
  CarIcon,
  ChartColumnIcon,
  CirclePlusIcon,
  ClipboardListIcon,
  IdCardIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PackagePlusIcon,
  SettingsIcon,
  TicketIcon,
  UsersIcon,
  WarehouseIcon,
} from 'lucide-react';
import { paths } from '@/lib/paths';

/**
 * The owner's Overview and the day's Schedule first, then SPEC section 2's entries, with Bays after Manage Slots,
 * then what services are priced by (Vehicle Classes, Add-ons), the wash club's Plans and its Members, and Booking
 * Management (the avatar menu's Booking Manage) after them, with New booking (the front desk's booking for a
 * customer) after it.
 * Create Service deliberately points at the dashboard, where services are added; Settings (the avatar menu's
 * Setting) comes last. `access` says who sees an entry, as the page's guard lets them in: `staff` entries are the
 * counter's (staff and the administrator), `admin` entries the administrator's alone.
 */
export const ADMIN_NAV_ITEMS = [
  { to: paths.adminDashboard.overview, label: 'Overview', Icon: ChartColumnIcon, access: 'admin' },
  { to: paths.adminDashboard.schedule, label: 'Schedule', Icon: CalendarDaysIcon, access: 'staff' },
  { to: paths.adminDashboard.home, label: 'Dashboard', Icon: LayoutDashboardIcon, access: 'admin' },
  { to: paths.adminDashboard.manageUsers, label: 'Manage User', Icon: UsersIcon, access: 'admin' },
  { to: paths.adminDashboard.manageSlots, label: 'Manage Slots', Icon: CalendarClockIcon, access: 'admin' },
  { to: paths.adminDashboard.bays, label: 'Bays', Icon: WarehouseIcon, access: 'admin' },
  { to: paths.adminDashboard.vehicleClasses, label: 'Vehicle Classes', Icon: CarIcon, access: 'admin' },
  { to: paths.adminDashboard.addOns, label: 'Add-ons', Icon: PackagePlusIcon, access: 'admin' },
  { to: paths.adminDashboard.plans, label: 'Plans', Icon: TicketIcon, access: 'admin' },
  { to: paths.adminDashboard.members, label: 'Members', Icon: IdCardIcon, access: 'admin' },
  { to: paths.adminDashboard.manageBookings, label: 'Booking Management', Icon: ClipboardListIcon, access: 'staff' },
  { to: paths.adminDashboard.newBooking, label: 'New booking', Icon: CalendarPlusIcon, access: 'staff' },
  { to: paths.adminDashboard.home, label: 'Create Service', Icon: CirclePlusIcon, access: 'admin' },
  { to: paths.adminDashboard.settings, label: 'Settings', Icon: SettingsIcon, access: 'admin' },
] as const satisfies ReadonlyArray<{ to: string; label: string; Icon: LucideIcon; access: 'staff' | 'admin' }>;

/** The entries a user of the role may open: the administrator all of them, staff the counter's. */
export const adminNavItemsFor = (role: Role) =>
  ADMIN_NAV_ITEMS.filter((item) => role === 'admin' || (role === 'staff' && item.access === 'staff'));
