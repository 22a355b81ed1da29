import type { Membership } from '@carcare/contracts/memberships';

/**
 * Which of the member's changes the card offers for a membership, as the server allows them; the server still
 * judges each and its refusal is shown.
 */
export function membershipActions(membership: Membership) {
  const { plan, status } = membership;
  const renews = plan.kind === 'membership' && status === 'active' && !membership.cancelAtPeriodEnd;
  const pausing = membership.pausedUntil !== null;
  return {
    pause: renews && !pausing && plan.interval === 'month',
    resume: status === 'paused' || (status === 'active' && pausing),
    changeCars: status !== 'pending' && status !== 'ended',
    switchPlan: renews && !pausing,
    cancel:
      plan.kind === 'membership' &&
      !membership.cancelAtPeriodEnd &&
      ['active', 'past_due', 'suspended', 'paused'].includes(status),
  };
}
