/** What the rest of the API may use of the bays module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { baysRoutes } from './bays.routes';
// For other modules.
export { listBays } from './bays.service';
export {
  bayServes,
  eligibleBayCount,
  firstEligibleBay,
  lockEligibleBays,
} from './eligible-bays';
export { baysOfServices, limitServiceToBays } from './service-bays';
