import type { Role } from '@carcare/contracts/users';

/**
 * Every route of the web app, written once: the router declares these and links, redirects and guards point
 * at them, so renaming a route cannot leave a link behind. Features read it from lib because they may not
 * import the app layer.
 */
export const paths = {
  home: '/',
  services: '/services',
  serviceDetails: {
    pattern: '/service/:id',
    href: (serviceId: string) => `/service/${encodeURIComponent(serviceId)}`,
  },
  testimonials: '/testimonials',
  /** The review form on the testimonials page, where a customer rates a visit. */
  writeReview: '/testimonials#write-review',
  proceedBooking: '/proceed-booking',
  paymentSuccess: '/payment/success',
  paymentFailed: '/payment/failed',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** SPEC section 2: where a login without a redirect target lands; it forwards to the role's dashboard. */
  profile: '/profile',
  userDashboard: {
    home: '/dashboard/user',
    updateInfo: '/dashboard/user/update-info',
    myBookings: '/dashboard/user/my-bookings',
  },
  adminDashboard: {
    home: '/dashboard/admin',
    overview: '/dashboard/admin/overview',
    schedule: '/dashboard/admin/schedule',
    manageUsers: '/dashboard/admin/manage-user',
    manageSlots: '/dashboard/admin/manage-slots',
    bays: '/dashboard/admin/bays',
    manageBookings: '/dashboard/admin/manage-bookings',
  },
} as const;

/** SPEC section 2: the header's Dashboard link and /profile lead admins and customers to different areas. */
export const dashboardPathFor = (role: Role) =>
  role === 'admin' ? paths.adminDashboard.home : paths.userDashboard.home;
