/** What the rest of the API may use of the pricing module; its other files are its own (docs/decisions/030). */

// For other modules.
export { listAddOnOffers } from './add-ons';
// For the app's wiring.
export { addOnsRoutes } from './add-ons.routes';
export { priceFromCents, servicePriceGrids } from './price-grid';
export { setServicePrices } from './service-prices';
export { lockLiveClass } from './vehicle-classes';
export { vehicleClassesRoutes } from './vehicle-classes.routes';
