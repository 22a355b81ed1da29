import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-provider';
import { stripeProvider } from './stripe-provider';

/** The provider PAYMENT_PROVIDER names, with its keys (config refuses to start Stripe without them). */
export async function openPaymentProvider(payment: Config['payment'], publicUrl: string): Promise<PaymentProvider> {
  const { provider, stripeSecretKey, stripeWebhookSecret, stripeConnection } = payment;
  if (provider === 'stripe' && stripeSecretKey && stripeWebhookSecret) {
    return stripeProvider({
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      publicUrl,
      connection: stripeConnection,
    });
  }
  return sandboxProvider(publicUrl);
}
