/** What the rest of the API may use of the bookings module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { bookingsRoutes } from './bookings.routes';
export { checkoutDoorRoutes, paymentWebhookRoutes, sandboxCheckoutRoutes } from './checkout/checkout.routes';
export { holdSweeperPlugin } from './checkout/hold-sweeper';
export { endHolds, expireStaleHolds } from './checkout/holds';
export { checkoutDoorUrl } from './checkout/open-checkout';
export {
  type CardChargeInput,
  type CardChargeResult,
  type CardOnFile,
  cardOnFileOf,
  chargeCardOnFile,
  openCardSetup,
} from './checkout/saved-cards';
export { reminderJobPlugin } from './notify/reminder-job';
// For other modules.
export { hasUnrefundedPurchase, listBookingsStartingBetween } from './reads/booking-reads';
export { anyPaymentInCurrency, countLiveBookingsAhead, liveBookingsBetweenDays } from './reads/shop-guards';
export { bayBusyDuring, countLiveBookingsOnSlot, liveBookingsOnSlot } from './reserve/bay-occupancy';
export { type BookingWindow, bookingWindowAt, inBookingWindow } from './reserve/bookable-slot';
export { type Booker, createBooking } from './reserve/create-booking';
export { BASE_JOB, type JobSpan } from './reserve/job-span';
export { jobSpanOf } from './reserve/price-job';
