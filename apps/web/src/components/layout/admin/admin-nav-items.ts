import {
  CalendarClockIcon,
  CalendarDaysIcon,
  CalendarPlusIcon,
  CarIcon,
  ChartColumnIcon,
  CirclePlusIcon,
  ClipboardListIcon,
  LayoutDashboardIcon,
  PackagePlusIcon,
  SettingsIcon,
  UsersIcon,
  WarehouseIcon,
} from 'lucide-react';
import { paths } from '@/lib/paths';

/**
 * The owner's Overview and the day's Schedule first, then SPEC section 2's entries, with Bays after Manage Slots,
 * then what services are priced by (Vehicle Classes, Add-ons), and Booking Management (the avatar menu's Booking Manage) after Bays,
 * with New booking (the front desk's booking for a customer) after it.
 * Create Service deliberately points at the dashboard, where services are added; Settings (the avatar menu's
 * Setting) comes last.
 */
export const ADMIN_NAV_ITEMS = [
  { to: paths.adminDashboard.overview, label: 'Overview', Icon: ChartColumnIcon },
  { to: paths.adminDashboard.schedule, label: 'Schedule', Icon: CalendarDaysIcon },
  { to: paths.adminDashboard.home, label: 'Dashboard', Icon: LayoutDashboardIcon },
  { to: paths.adminDashboard.manageUsers, label: 'Manage User', Icon: UsersIcon },
  { to: paths.adminDashboard.manageSlots, label: 'Manage Slots', Icon: CalendarClockIcon },
  { to: paths.adminDashboard.bays, label: 'Bays', Icon: WarehouseIcon },
  { to: paths.adminDashboard.vehicleClasses, label: 'Vehicle Classes', Icon: CarIcon },
  { to: paths.adminDashboard.addOns, label: 'Add-ons', Icon: PackagePlusIcon },
  { to: paths.adminDashboard.manageBookings, label: 'Booking Management', Icon: ClipboardListIcon },
  { to: paths.adminDashboard.newBooking, label: 'New booking', Icon: CalendarPlusIcon },
  { to: paths.adminDashboard.home, label: 'Create Service', Icon: CirclePlusIcon },
  { to: paths.adminDashboard.settings, label: 'Settings', Icon: SettingsIcon },
] as const;
