import { CalendarCheckIcon, CircleUserIcon, SettingsIcon } from 'lucide-react';

export const USER_DASHBOARD_NAV = [
  { to: '/dashboard/user', label: 'Profile', Icon: CircleUserIcon },
  { to: '/dashboard/user/update-info', label: 'Account Settings', Icon: SettingsIcon },
  { to: '/dashboard/user/my-bookings', label: 'My Bookings', Icon: CalendarCheckIcon },
] as const;
