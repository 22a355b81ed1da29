/** What the rest of the API may use of the garage module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { garageRoutes } from './garage.routes';
