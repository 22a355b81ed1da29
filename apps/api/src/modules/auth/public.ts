/** What the rest of the API may use of the auth module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { authRoutes } from './auth.routes';
export { hashPassword } from './auth.service';
// For other modules.
export { CLAIM_LINK_DAYS, sendClaimLink } from './claim-account';
export { createSessionCheck } from './sessions';
