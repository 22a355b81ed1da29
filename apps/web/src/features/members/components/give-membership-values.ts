import { compMembershipSchema } from '@carcare/contracts/memberships';
import { z } from 'zod';
import { MEMBERS_WORDS } from '../members-words';

/**
 * The Give a membership form, checked before it is sent: the customer and plan chosen, the cars as the contract
 * takes them, and the months (left out for a pack, whose input is not shown).
 */
export const giveMembershipSchema = z.object({
  customer: z.string().min(1, { error: MEMBERS_WORDS.chooseCustomer }),
  plan: z.string().min(1, { error: MEMBERS_WORDS.choosePlan }),
  vehicles: compMembershipSchema.shape.vehicles,
  months: compMembershipSchema.shape.months,
});

export type GiveMembershipInput = z.input<typeof giveMembershipSchema>;
export type GiveMembershipValues = z.output<typeof giveMembershipSchema>;

export const GIVE_FIELDS = ['customer', 'plan', 'vehicles', 'months'] as const;
export type GiveField = (typeof GIVE_FIELDS)[number];

/** The form's field a server's refusal names (`vehicles.0` is the cars). */
export const giveFieldOf = (path: string): GiveField | undefined =>
  GIVE_FIELDS.find((field) => field === path.split('.')[0]);

export const emptyGift: GiveMembershipInput = { customer: '', plan: '', vehicles: [], months: 1 };
