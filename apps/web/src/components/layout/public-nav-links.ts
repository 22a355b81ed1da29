import { paths } from '@/lib/paths';

export const PUBLIC_NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.services, label: 'Services' },
  { to: paths.plans, label: 'Wash club' },
  { to: paths.testimonials, label: 'Testimonials' },
] as const;
