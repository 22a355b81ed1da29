/** What the rest of the API may use of the reviews module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { reviewsRoutes } from './reviews.routes';
// For other modules.
export { reviewStatsBetween } from './reviews.service';
