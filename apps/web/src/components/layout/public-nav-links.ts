export const PUBLIC_NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/testimonials', label: 'Testimonials' },
] as const;
