/** What the rest of the API may use of the shop module; its other files are its own (docs/decisions/030). */

// For other modules.
export type { ClosureSpan, ShopSettingsStore, ShopState } from './settings-store';
export { createShopSettingsStore, readShopState, seedShopSettings } from './settings-store';
// For the app's wiring.
export { shopRoutes } from './shop.routes';
