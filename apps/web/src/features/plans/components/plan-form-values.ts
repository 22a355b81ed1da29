import {
  type CreatePlanInput,
  createPlanSchema,
  type Plan,
  type UpdatePlanInput,
  updatePlanSchema,
} from '@carcare/contracts/plans';
import type { PlanInterval, PlanKind } from '@carcare/contracts/plans-constants';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';

/** What the plan form's inputs hold: numbers may be NaN (left empty); `unlimited` stands for washes null. */
export type PlanFormInput = {
  kind: PlanKind;
  name: string;
  description: string;
  price: number;
  interval: PlanInterval;
  unlimited: boolean;
  washes: number;
  washesPerDay: number;
  vehicles: number;
  validDays: number;
  services: string[];
  addOns: string[];
};

export type PlanFormField = keyof PlanFormInput;

export const PLAN_FORM_FIELDS: readonly PlanFormField[] = [
  'kind',
  'name',
  'description',
  'price',
  'interval',
  'unlimited',
  'washes',
  'washesPerDay',
  'vehicles',
  'validDays',
  'services',
  'addOns',
];

export const isPlanFormField = (name: unknown): name is PlanFormField =>
  typeof name === 'string' && (PLAN_FORM_FIELDS as readonly string[]).includes(name);

const shared = (values: PlanFormInput) => ({
  name: values.name,
  description: values.description,
  washesPerDay: values.washesPerDay,
  vehicles: values.vehicles,
  services: values.services,
  addOns: values.addOns,
});

/** The membership's washes a period (null: unlimited), or the pack's washes and days. */
const allowance = (values: PlanFormInput) =>
  values.kind === 'membership'
    ? { washes: values.unlimited ? null : values.washes }
    : { washes: values.washes, validDays: values.validDays };

/** A new plan as `POST /api/plans` takes it: only the fields its kind has. */
const toNewPlan = (values: PlanFormInput): z.input<typeof createPlanSchema> => ({
  kind: values.kind,
  ...shared(values),
  price: values.price,
  ...(values.kind === 'membership' ? { interval: values.interval } : {}),
  ...allowance(values),
});

/** A plan's changes as `PUT /api/plans/:id` takes them: never its kind, price or interval. */
const toChanges = (values: PlanFormInput): z.input<typeof updatePlanSchema> => ({
  ...shared(values),
  ...allowance(values),
});

/** The add form's values, checked with the contract's own schema and messages. */
export const newPlanSchema: z.ZodType<CreatePlanInput, PlanFormInput> = z
  .custom<PlanFormInput>()
  .transform(toNewPlan)
  .pipe(createPlanSchema);

/** The edit form's values, checked with the contract's own schema and messages. */
export const planChangesSchema: z.ZodType<UpdatePlanInput, PlanFormInput> = z
  .custom<PlanFormInput>()
  .transform(toChanges)
  .pipe(updatePlanSchema);

/**
 * A new membership's form: monthly, unlimited, one wash a day for one vehicle. Its price, washes and days start
 * with no value, so that their fields start empty (a NaN given to a number field is a value the browser cannot
 * parse, and says so); left empty, they read as NaN.
 */
export const emptyPlan: DefaultValues<PlanFormInput> = {
  kind: 'membership',
  name: '',
  description: '',
  interval: 'month',
  unlimited: true,
  washesPerDay: 1,
  vehicles: 1,
  services: [],
  addOns: [],
};

/** A saved plan's values in the form: a count it has none of (an unlimited plan's washes) starts empty. */
export const planValues = (plan: Plan): DefaultValues<PlanFormInput> => ({
  kind: plan.kind,
  name: plan.name,
  description: plan.description,
  price: plan.price,
  interval: plan.interval ?? 'month',
  unlimited: plan.washes === null,
  washes: plan.washes ?? undefined,
  washesPerDay: plan.washesPerDay,
  vehicles: plan.vehicles,
  validDays: plan.validDays ?? undefined,
  services: plan.services.map((service) => service._id),
  addOns: plan.addOns.map((addOn) => addOn._id),
});
