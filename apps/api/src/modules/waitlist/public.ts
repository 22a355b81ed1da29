/** What the rest of the API may use of the waitlist module; its other files are its own (docs/decisions/030). */

export { waitlistRoutes } from './waitlist.routes';
// For the app's wiring.
export { waitlistJobPlugin } from './waitlist-job';
