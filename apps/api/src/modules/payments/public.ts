/** What the rest of the API may use of the payments module; its other files are its own (docs/decisions/030). */

// For the app's wiring.
export { openPaymentProvider } from './open-payment-provider';
// For other modules.
export type { PaymentOutcome, PaymentProvider, RefundReport, RefundResult } from './payment-provider';
export { escapeHtml, formatAmount, renderSandboxCheckout, STYLE } from './sandbox-page';
