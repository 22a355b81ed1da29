import type { Member } from '@carcare/contracts/memberships';
import { MEMBERSHIP_WORDS } from '@/features/memberships/membership-words';
import { MEMBERS_WORDS } from './members-words';

/** The member as the screen names them: first and last name. */
export const memberName = (member: Member) => `${member.customer.firstName} ${member.customer.lastName}`.trim();

/** When it started: the paid (or given) period's start, or when it was made while it waits for payment. */
export const sinceOf = (member: Member) => member.periodStart ?? member.createdAt;

/** When it renews, ends or ended, with the word for it; null while it waits for payment. */
export function periodOf(member: Member): { term: string; at: string } | null {
  if (member.status === 'ended') return member.endedAt ? { term: MEMBERSHIP_WORDS.ended, at: member.endedAt } : null;
  if (!member.periodEnd) return null;
  if (member.plan.kind === 'pack') return { term: MEMBERSHIP_WORDS.validUntil, at: member.periodEnd };
  return { term: member.cancelAtPeriodEnd ? MEMBERSHIP_WORDS.ends : MEMBERSHIP_WORDS.renews, at: member.periodEnd };
}

/** Washes left this period (a pack: in all): "Unlimited", "7 of 10"; a dash while it does not wash. */
export function washesLeftOf(member: Member) {
  if (member.status === 'pending' || member.status === 'ended') return MEMBERS_WORDS.none;
  if (member.washesLeft === null || member.plan.washes === null) return MEMBERSHIP_WORDS.unlimited;
  return `${member.washesLeft} of ${member.plan.washes}`;
}

/** Whether the shop may still end it. */
export const isLive = (member: Member) => member.status !== 'ended';
