import { GARAGE_WORDS } from '@carcare/contracts/vehicles-constants';
import { WAITLIST_WORDS } from '@carcare/contracts/waitlist-constants';
import { CalendarCheckIcon, CarIcon, CircleUserIcon, HourglassIcon, SettingsIcon, SparklesIcon } from 'lucide-react';
import { paths } from '@/lib/paths';

export const USER_DASHBOARD_NAV = [
  { to: paths.userDashboard.home, label: 'Profile', Icon: CircleUserIcon },
  { to: paths.userDashboard.updateInfo, label: 'Account Settings', Icon: SettingsIcon },
  { to: paths.userDashboard.myBookings, label: 'My Bookings', Icon: CalendarCheckIcon },
  { to: paths.userDashboard.myVehicles, label: GARAGE_WORDS.title, Icon: CarIcon },
  { to: paths.userDashboard.membership.pattern, label: 'Wash club', Icon: SparklesIcon },
  { to: paths.userDashboard.waitlist, label: WAITLIST_WORDS.title, Icon: HourglassIcon },
] as const;
