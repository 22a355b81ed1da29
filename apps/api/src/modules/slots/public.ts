/** What the rest of the API may use of the slots module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { slotsRoutes } from './slots.routes';
// For other modules.
export { dayOpeningHours, splitIntoSlots } from './slots.service';
