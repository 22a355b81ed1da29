import { openCardSetup } from '../src/modules/bookings/checkout/saved-cards';
import type { SandboxCardBehaviour } from '../src/modules/payments/public';
import { signedInUser, type TestApp, type TestUser } from './helper';

/** A new customer who kept the sandbox's test card of the given behaviour on its card setup page. */
export async function customerWithSandboxCard(t: TestApp, card: SandboxCardBehaviour): Promise<TestUser> {
  const customer = await signedInUser(t.app);
  const setup = await openCardSetup(t.database.db, t.app.payments, {
    customerId: customer.id,
    currency: 'USD',
    description: 'Saved for the shop',
    returnUrl: '/dashboard/user',
    publicUrl: t.config.publicUrl,
  });
  const saved = await t.app.inject({
    method: 'POST',
    url: `/pay/${setup.sessionId}/save`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${card}`,
  });
  if (saved.statusCode !== 303) throw new Error(`saving the card answered ${saved.statusCode}`);
  return customer;
}
