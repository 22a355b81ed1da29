/** What the rest of the API may use of the memberships module; its other files are its own (docs/decisions/030). */

export { applyEvents } from './club-billing';
// For other modules.
export { type Coverage, coverageFor, washRefusal } from './membership-coverage';
// For the app's wiring.
export { membershipsRoutes } from './memberships.routes';
export { renewalReminderJobPlugin } from './renewal-reminder-job';
export { clubCheckoutRoutes } from './sandbox-club.routes';
