/** What the rest of the API may use of the texts module; its other files are its own (docs/decisions/030). */

// For other modules.
export {
  type CustomerMessage,
  type QueuedMessage,
  queueBookingMessage,
  queueCustomerMessage,
  type TextTiming,
  textNumberOf,
} from './queue-message';
export { afterQuietHours } from './quiet-hours';
export { EMAILED_WHEN_TEXT_FAILS, type SenderContext, sendDueMessages } from './send-due-messages';
export { setTextsAccepted } from './text-consent';
export { textWebhookRoutes } from './texts.routes';
// For the app's wiring.
export { textsPlugin } from './texts-plugin';
