import { randomBytes } from 'node:crypto';

/**
 * The sandbox's test cards, offered on its page when a checkout keeps the card. Saving one always works; what
 * it does when charged later without the customer is in its name (Stripe's test cards of the same numbers
 * behave alike).
 */
export const SANDBOX_CARDS = [
  { behaviour: 'succeeds', number: '4242 4242 4242 4242', label: 'Every charge succeeds' },
  { behaviour: 'declines', number: '4000 0000 0000 0341', label: 'Every later charge is declined' },
  {
    behaviour: 'authenticates',
    number: '4000 0027 6000 3184',
    label: 'Every later charge asks the customer to authenticate',
  },
] as const;

export type SandboxCardBehaviour = (typeof SANDBOX_CARDS)[number]['behaviour'];

const isBehaviour = (value: string | undefined): value is SandboxCardBehaviour =>
  SANDBOX_CARDS.some((card) => card.behaviour === value);

/** The test card a form's choice names; the first card when it names none. */
export const sandboxCard = (behaviour: string | undefined) =>
  SANDBOX_CARDS.find((card) => card.behaviour === behaviour) ?? SANDBOX_CARDS[0];

/** The sandbox's customer for one of ours: the sandbox keeps no accounts, so it is named after them. */
export const sandboxCustomerRef = (customerId: string) => `sbx_cus_${customerId}`;

/** A saved test card as the sandbox reports it; its payment method id carries how it behaves. */
export function savedSandboxCard(behaviour: string | undefined, customerId: string) {
  const card = sandboxCard(behaviour);
  return {
    customerRef: sandboxCustomerRef(customerId),
    paymentMethodRef: `sbx_pm_${card.behaviour}_${randomBytes(12).toString('base64url')}`,
    brand: 'visa',
    last4: card.number.slice(-4),
  };
}

/** How a saved test card behaves when charged, from its payment method id; undefined for an id not the sandbox's. */
export function behaviourOf(paymentMethodRef: string): SandboxCardBehaviour | undefined {
  const behaviour = /^sbx_pm_([a-z]+)_/.exec(paymentMethodRef)?.[1];
  return isBehaviour(behaviour) ? behaviour : undefined;
}
