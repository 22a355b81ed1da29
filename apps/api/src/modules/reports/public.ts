/** What the rest of the API may use of the reports module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { reportsRoutes } from './reports.routes';
