/** What the rest of the API may use of the payments module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { openPaymentProvider } from './open-payment-provider';
// For other modules.
export type {
  MembershipCheckoutRequest,
  MembershipEvent,
  PaymentOutcome,
  PaymentProvider,
  RefundReport,
  RefundResult,
  SavedCardChargeResult,
  SavedCardReport,
  SubscriptionState,
} from './payment-provider';
export { SANDBOX_CARDS, type SandboxCardBehaviour, sandboxCard, savedSandboxCard } from './sandbox-cards';
export {
  cardChoice,
  escapeHtml,
  formatAmount,
  renderSandboxCardSetup,
  renderSandboxCheckout,
  STYLE,
} from './sandbox-page';
