/** What the rest of the API may use of the services module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { servicesRoutes } from './services.routes';
// For other modules.
export { findLiveService, listLiveServicePages, lockLiveService } from './services.service';
