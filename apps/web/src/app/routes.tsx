import type { RouteObject } from 'react-router';
import { RouteErrorView } from '@/components/errors/route-error-view';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { ProfileRedirect } from '@/features/auth/components/profile-redirect';
import { RequireAdmin, RequireShop, RequireUser } from '@/features/auth/components/require-role';
import { paths } from '@/lib/paths';
import { PublicShell } from './public-shell';

// One lazy chunk per page and per non-public layout: visitors never download dashboard or admin code.
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorView,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: PublicShell,
        children: [
          {
            path: paths.home,
            lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: paths.services,
            lazy: () => import('@/features/services/pages/services-page').then((m) => ({ Component: m.ServicesPage })),
          },
          {
            path: paths.testimonials,
            lazy: () =>
              import('@/features/reviews/pages/testimonials-page').then((m) => ({ Component: m.TestimonialsPage })),
          },
          {
            path: paths.reviewRequest,
            lazy: () =>
              import('@/features/reviews/pages/review-request-page').then((m) => ({ Component: m.ReviewRequestPage })),
          },
          {
            path: paths.plans,
            lazy: () => import('@/features/plans/pages/wash-club-page').then((m) => ({ Component: m.WashClubPage })),
          },
          {
            path: paths.serviceDetails.pattern,
            lazy: () =>
              import('./pages/service-details-page').then((m) => ({
                Component: m.ServiceDetailsPage,
              })),
          },
          {
            path: paths.proceedBooking,
            Component: RequireUser,
            children: [
              {
                index: true,
                lazy: () =>
                  import('@/features/bookings/pages/proceed-booking-page').then((m) => ({
                    Component: m.ProceedBookingPage,
                  })),
              },
            ],
          },
          {
            path: paths.paymentSuccess,
            lazy: () =>
              import('@/features/payments/pages/payment-success-page').then((m) => ({
                Component: m.PaymentSuccessPage,
              })),
          },
          {
            path: paths.paymentFailed,
            lazy: () =>
              import('@/features/payments/pages/payment-failed-page').then((m) => ({ Component: m.PaymentFailedPage })),
          },
          {
            path: '*',
            lazy: () => import('@/components/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
      {
        lazy: () => import('@/components/layout/auth-layout').then((m) => ({ Component: m.AuthLayout })),
        children: [
          {
            path: paths.login,
            lazy: () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.register,
            lazy: () => import('@/features/auth/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: paths.forgotPassword,
            lazy: () =>
              import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: paths.resetPassword,
            lazy: () =>
              import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: paths.claimAccount,
            lazy: () =>
              import('@/features/auth/pages/claim-account-page').then((m) => ({ Component: m.ClaimAccountPage })),
          },
        ],
      },
      { path: paths.profile, Component: ProfileRedirect },
      {
        path: paths.userDashboard.home,
        Component: RequireUser,
        children: [
          {
            lazy: () =>
              import('@/components/layout/user-dashboard/user-dashboard-layout').then((m) => ({
                Component: m.UserDashboardLayout,
              })),
            children: [
              {
                index: true,
                lazy: () => import('@/features/users/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
              },
              {
                path: paths.userDashboard.updateInfo,
                lazy: () =>
                  import('@/features/users/pages/update-info-page').then((m) => ({ Component: m.UpdateInfoPage })),
              },
              {
                path: paths.userDashboard.myBookings,
                lazy: () =>
                  import('@/features/bookings/pages/my-bookings-page').then((m) => ({ Component: m.MyBookingsPage })),
              },
              {
                path: paths.userDashboard.myVehicles,
                lazy: () =>
                  import('@/features/garage/pages/my-vehicles-page').then((m) => ({ Component: m.MyVehiclesPage })),
              },
              {
                path: paths.userDashboard.membership.pattern,
                lazy: () =>
                  import('@/features/memberships/pages/membership-page').then((m) => ({ Component: m.MembershipPage })),
              },
              {
                path: paths.userDashboard.waitlist,
                lazy: () =>
                  import('@/features/waitlist/pages/my-waitlist-page').then((m) => ({ Component: m.MyWaitlistPage })),
              },
            ],
          },
        ],
      },
      {
        // The shop's dashboard: staff and the administrator. Staff open the counter's pages (the day board,
        // Booking Management); the rest, the dashboard's index (Manage Services) too, is the administrator's,
        // and staff asking for it are taken to the day board.
        path: paths.adminDashboard.home,
        Component: RequireShop,
        children: [
          {
            lazy: () => import('@/components/layout/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            children: [
              {
                path: paths.adminDashboard.schedule,
                lazy: () => import('./pages/schedule-page').then((m) => ({ Component: m.SchedulePage })),
              },
              {
                path: paths.adminDashboard.newBooking,
                lazy: () =>
                  import('@/features/front-desk/pages/new-booking-page').then((m) => ({
                    Component: m.NewBookingPage,
                  })),
              },
              {
                path: paths.adminDashboard.manageBookings,
                lazy: () =>
                  import('@/features/bookings/pages/manage-bookings-page').then((m) => ({
                    Component: m.ManageBookingsPage,
                  })),
              },
              {
                Component: RequireAdmin,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('@/features/services/pages/manage-services-page').then((m) => ({
                        Component: m.ManageServicesPage,
                      })),
                  },
                  {
                    path: paths.adminDashboard.overview,
                    lazy: () =>
                      import('@/features/reports/pages/overview-page').then((m) => ({ Component: m.OverviewPage })),
                  },
                  {
                    path: paths.adminDashboard.manageUsers,
                    lazy: () =>
                      import('@/features/users/pages/manage-users-page').then((m) => ({
                        Component: m.ManageUsersPage,
                      })),
                  },
                  {
                    path: paths.adminDashboard.manageSlots,
                    lazy: () =>
                      import('@/features/slots/pages/manage-slots-page').then((m) => ({
                        Component: m.ManageSlotsPage,
                      })),
                  },
                  {
                    path: paths.adminDashboard.bays,
                    lazy: () =>
                      import('@/features/bays/pages/manage-bays-page').then((m) => ({ Component: m.ManageBaysPage })),
                  },
                  {
                    path: paths.adminDashboard.vehicleClasses,
                    lazy: () =>
                      import('@/features/pricing/pages/vehicle-classes-page').then((m) => ({
                        Component: m.VehicleClassesPage,
                      })),
                  },
                  {
                    path: paths.adminDashboard.addOns,
                    lazy: () =>
                      import('@/features/pricing/pages/add-ons-page').then((m) => ({ Component: m.AddOnsPage })),
                  },
                  {
                    path: paths.adminDashboard.plans,
                    lazy: () => import('@/features/plans/pages/plans-page').then((m) => ({ Component: m.PlansPage })),
                  },
                  {
                    path: paths.adminDashboard.members,
                    lazy: () =>
                      import('@/features/members/pages/members-page').then((m) => ({ Component: m.MembersPage })),
                  },
                  {
                    path: paths.adminDashboard.settings,
                    lazy: () =>
                      import('@/features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
