import type { Customer } from '@carcare/contracts/front-desk';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { MEMBERSHIP_WORDS } from '@/features/memberships/membership-words';
import { useGetAllPlansQuery } from '@/features/plans/api/get-all-plans';
import { PlanRefusalNotice } from '@/features/plans/components/plan-refusal-notice';
import { planPrice } from '@/features/plans/plan-facts';
import { useCurrency } from '@/lib/use-currency';
import { useCompMembership } from '../hooks/use-member-saves';
import { MEMBERS_WORDS } from '../members-words';
import {
  emptyGift,
  type GiveMembershipInput,
  type GiveMembershipValues,
  giveFieldOf,
  giveMembershipSchema,
} from './give-membership-values';
import { MemberCustomerChooser } from './member-customer-chooser';

const carLabel = (vehicle: Customer['vehicles'][number]) =>
  [`${vehicle.make} ${vehicle.model}`.trim(), vehicle.plate ? `(${vehicle.plate})` : ''].filter(Boolean).join(' ');

/**
 * Giving a customer's cars a plan: the customer found and chosen, a plan on offer, their cars (up to the plan's
 * vehicles) and, for a membership, the months (1 to 12). The contract's messages show under the fields, the
 * server's too when it names one; any other refusal above them.
 */
export const GiveMembershipForm = ({ onGiven }: { onGiven: () => void }) => {
  const id = useId();
  const currency = useCurrency();
  const give = useCompMembership();
  const { data: allPlans, isError: plansFailed } = useGetAllPlansQuery();
  const plans = (allPlans ?? []).filter((plan) => plan.active);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    watch,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<GiveMembershipInput, unknown, GiveMembershipValues>({
    resolver: zodResolver(giveMembershipSchema),
    defaultValues: emptyGift,
  });
  const plan = plans.find((each) => each._id === watch('plan'));

  const choose = (chosen: Customer | null) => {
    setCustomer(chosen);
    setValue('customer', chosen?._id ?? '', { shouldValidate: chosen !== null });
    setValue('vehicles', []);
  };

  const submit = async (values: GiveMembershipValues) => {
    if (plan && values.vehicles.length > plan.vehicles) {
      setError('vehicles', { message: MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles) });
      return;
    }
    const { months, ...gift } = values;
    const refused = await give(plan?.kind === 'membership' && months !== undefined ? { ...gift, months } : gift);
    if (refused === null) {
      onGiven();
      return;
    }
    let placed = false;
    for (const field of refused.fields) {
      const name = giveFieldOf(field.path);
      if (name) {
        setError(name, { message: field.message });
        placed = true;
      }
    }
    setRefusal(placed ? null : refused.message);
  };

  const carsStatus = !customer
    ? MEMBERS_WORDS.customerFirst
    : customer.vehicles.length === 0
      ? MEMBERS_WORDS.noCars
      : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A dialog's form sits in a portal: its submit must not reach a form the page may have around it.
        event.stopPropagation();
        return handleSubmit(submit)(event);
      }}
      className="min-w-0 space-y-4"
    >
      <PlanRefusalNotice message={refusal} />
      <MemberCustomerChooser customer={customer} onChoose={choose} error={errors.customer?.message} />
      <div>
        <Label htmlFor={`${id}-plan`} className="mb-2 block">
          {MEMBERS_WORDS.plan}
        </Label>
        <select
          id={`${id}-plan`}
          className={inputClassName}
          aria-invalid={errors.plan ? true : undefined}
          aria-describedby={`${id}-plan-error`}
          {...register('plan')}
        >
          <option value="">{MEMBERS_WORDS.pickPlan}</option>
          {plans.map((each) => (
            <option key={each._id} value={each._id}>
              {`${each.name} (${planPrice(each, currency)})`}
            </option>
          ))}
        </select>
        <FieldError
          id={`${id}-plan-error`}
          message={errors.plan?.message ?? (plansFailed ? MEMBERS_WORDS.plansFailed : undefined)}
          className="mt-1"
        />
      </div>
      <Controller
        control={control}
        name="vehicles"
        render={({ field, fieldState }) => (
          <CheckboxList
            id={`${id}-vehicles`}
            legend={plan ? MEMBERSHIP_WORDS.joinVehicles(plan.vehicles) : MEMBERS_WORDS.cars}
            options={(customer?.vehicles ?? []).map((vehicle) => ({ value: vehicle._id, label: carLabel(vehicle) }))}
            value={field.value}
            onChange={field.onChange}
            status={carsStatus}
            error={fieldState.error?.message}
          />
        )}
      />
      {plan?.kind === 'pack' ? (
        <p className="text-muted-foreground text-sm">{MEMBERS_WORDS.packDays(plan.validDays ?? 0)}</p>
      ) : (
        <TextField
          id={`${id}-months`}
          label={MEMBERS_WORDS.months}
          type="number"
          inputMode="numeric"
          min={1}
          max={12}
          step={1}
          className="max-w-40"
          error={errors.months?.message}
          {...register('months', { valueAsNumber: true, shouldUnregister: true })}
        />
      )}
      <DialogFormFooter submitLabel={MEMBERS_WORDS.submit} submitting={isSubmitting} />
    </form>
  );
};
