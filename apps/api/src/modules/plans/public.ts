/** What the rest of the API may use of the plans module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { plansRoutes } from './plans.routes';
