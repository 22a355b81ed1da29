import { SITE_ROUTES, siteHref } from '@carcare/contracts/site-routes';
import type { Role } from '@carcare/contracts/users';

/**
 * The web app's routes by the names its code uses, read from the site's route table (decision 031): the
 * router declares these and links, redirects and guards point at them, so renaming a route cannot leave a
 * link behind. Features read it from lib because they may not import the app layer.
 */
export const paths = {
  home: SITE_ROUTES.home.path,
  services: SITE_ROUTES.services.path,
  serviceDetails: {
    pattern: SITE_ROUTES.serviceDetails.path,
    href: (serviceId: string) => siteHref('serviceDetails', { id: serviceId }),
  },
  testimonials: SITE_ROUTES.testimonials.path,
  /** The wash club's plans on offer. */
  plans: SITE_ROUTES.plans.path,
  /** The review form on the testimonials page, where a customer rates a visit. */
  writeReview: `${SITE_ROUTES.testimonials.path}#write-review`,
  proceedBooking: SITE_ROUTES.proceedBooking.path,
  paymentSuccess: SITE_ROUTES.paymentSuccess.path,
  paymentFailed: SITE_ROUTES.paymentFailed.path,
  login: SITE_ROUTES.login.path,
  register: SITE_ROUTES.register.path,
  forgotPassword: SITE_ROUTES.forgotPassword.path,
  resetPassword: SITE_ROUTES.resetPassword.path,
  /** Where a customer the shop added sets a password from the link they were sent. */
  claimAccount: SITE_ROUTES.claimAccount.path,
  /** Where a review request's link opens: rate the visit without signing in. */
  reviewRequest: SITE_ROUTES.reviewRequest.path,
  /** SPEC section 2: where a login without a redirect target lands; it forwards to the role's dashboard. */
  profile: SITE_ROUTES.profile.path,
  userDashboard: {
    home: SITE_ROUTES.userDashboard.path,
    updateInfo: SITE_ROUTES.userUpdateInfo.path,
    myBookings: SITE_ROUTES.userMyBookings.path,
    myVehicles: SITE_ROUTES.userMyVehicles.path,
    /** The times the customer waits for, and an offer held for them. */
    waitlist: SITE_ROUTES.userWaitlist.path,
    /** The customer's memberships and packs; `plan` is the one the Wash club page's Join button chose. */
    membership: {
      pattern: SITE_ROUTES.userMembership.path,
      join: (planId: string) => siteHref('userMembership', {}, { plan: planId }),
    },
  },
  adminDashboard: {
    home: SITE_ROUTES.adminDashboard.path,
    overview: SITE_ROUTES.adminOverview.path,
    schedule: SITE_ROUTES.adminSchedule.path,
    manageUsers: SITE_ROUTES.adminManageUsers.path,
    manageSlots: SITE_ROUTES.adminManageSlots.path,
    bays: SITE_ROUTES.adminBays.path,
    vehicleClasses: SITE_ROUTES.adminVehicleClasses.path,
    addOns: SITE_ROUTES.adminAddOns.path,
    plans: SITE_ROUTES.adminPlans.path,
    /** The wash club's members: every membership and pack with its member. */
    members: SITE_ROUTES.adminMembers.path,
    manageBookings: SITE_ROUTES.adminManageBookings.path,
    newBooking: SITE_ROUTES.adminNewBooking.path,
    settings: SITE_ROUTES.adminSettings.path,
  },
} as const;

/**
 * SPEC section 2: the header's Dashboard link and /profile lead the shop (admins, and staff, who land on the day
 * board) and customers to different areas.
 */
export const dashboardPathFor = (role: Role) =>
  role === 'admin' || role === 'staff' ? paths.adminDashboard.home : paths.userDashboard.home;
