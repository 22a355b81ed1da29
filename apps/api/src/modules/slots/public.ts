/** What the rest of the API may use of the slots module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { availabilityJobPlugin } from './generate/availability-job';
// For other modules.
export { dayTimes, weekdayOf } from './generate/day-times';
export { fillHorizon } from './generate/ensure-days';
export { slotsRoutes } from './slots.routes';
export { dayOpeningHours, listAvailability, splitIntoSlots } from './slots.service';
