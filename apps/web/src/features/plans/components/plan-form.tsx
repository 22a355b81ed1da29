import type { Plan } from '@carcare/contracts/plans';
import { PLAN_MESSAGES, PLAN_SCREEN, PLAN_WORDS } from '@carcare/contracts/plans-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxList } from '@/components/forms/checkbox-list';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';
import { planPrice } from '../plan-facts';
import type { PlanRefusal } from '../plan-refusal';
import { emptyPlan, isPlanFormField, type PlanFormInput, planValues } from './plan-form-values';
import { PlanRefusalNotice } from './plan-refusal-notice';

type Named = { _id: string; name: string };

type PlanFormProps<Body> = {
  /** The plan to edit; absent for a new one. */
  plan?: Plan;
  /** What the values are checked with and sent as: a new plan, or a plan's changes. */
  schema: z.ZodType<Body, PlanFormInput>;
  /** The live services and the add-ons on offer, which a plan may cover. */
  services: readonly Named[];
  addOns: readonly Named[];
  currency: string;
  /** Saves the checked plan: resolves to the server's refusal, or null once it was saved. */
  onSubmit: (body: Body) => Promise<PlanRefusal | null>;
};

/**
 * A plan's kind (a membership billed every month or year, unlimited or with washes a period; or a pack of washes
 * valid some days), name, description and price, its washes a day and vehicles, and the services and add-ons it
 * covers. An existing plan's kind, price and interval are shown, never changed. The contract's messages show under
 * the fields, the server's too when it names one.
 */
export const PlanForm = <Body extends FieldValues>({
  plan,
  schema,
  services,
  addOns,
  currency,
  onSubmit,
}: PlanFormProps<Body>) => {
  const {
    register,
    control,
    watch,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormInput, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: plan ? planValues(plan) : emptyPlan,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = watch('kind');
  const interval = watch('interval');
  const unlimited = watch('unlimited');
  const sign = currencySymbol(currency);

  const submit = async (body: Body) => {
    const refused = await onSubmit(body);
    if (!refused) return;
    let placed = false;
    for (const field of refused.fields) {
      const name = field.path.split('.')[0];
      if (isPlanFormField(name)) {
        setError(name, { message: field.message });
        placed = true;
      }
    }
    if (refused.message === PLAN_MESSAGES.nameTaken) {
      setError('name', { message: refused.message });
      placed = true;
    }
    setRefusal(placed ? null : refused.message);
  };

  const number = (name: 'price' | 'washes' | 'washesPerDay' | 'vehicles' | 'validDays') => ({
    id: `plan-${name}`,
    type: 'number',
    inputMode: name === 'price' ? ('decimal' as const) : ('numeric' as const),
    min: name === 'price' ? 0 : 1,
    step: name === 'price' ? '0.01' : 1,
    error: errors[name]?.message,
    ...register(name, { valueAsNumber: true }),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A dialog's form sits in a portal: its submit must not reach a form the page may have around it.
        event.stopPropagation();
        return handleSubmit(submit)(event);
      }}
      className="space-y-4"
    >
      <PlanRefusalNotice message={refusal} />
      {plan ? (
        <div className="space-y-1 rounded-md border bg-muted/40 px-3 py-2 text-sm">
          <p className="font-medium">
            {PLAN_WORDS.kind[plan.kind]} · {planPrice(plan, currency)}
          </p>
          <p className="text-muted-foreground text-xs">{PLAN_SCREEN.billingFixed}</p>
        </div>
      ) : (
        <fieldset className="space-y-2">
          <legend className="font-medium text-sm leading-none">Kind</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['membership', 'pack'] as const).map((each) => (
              <div key={each} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`plan-kind-${each}`}
                  value={each}
                  className="size-4 accent-primary"
                  {...register('kind')}
                />
                <Label htmlFor={`plan-kind-${each}`} className="font-normal">
                  {PLAN_WORDS.kind[each]}
                </Label>
              </div>
            ))}
          </div>
          <FieldError id="plan-kind-error" message={errors.kind?.message} />
        </fieldset>
      )}
      <TextField id="plan-name" label="Name" error={errors.name?.message} {...register('name')} />
      <TextAreaField
        id="plan-description"
        label="Description"
        rows={3}
        className="min-h-20"
        error={errors.description?.message}
        {...register('description')}
      />
      {plan ? null : (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label={`Price (${sign})`} {...number('price')} />
          {kind === 'membership' ? (
            <div>
              <Label htmlFor="plan-interval" className="mb-2 block">
                Billed
              </Label>
              <select
                id="plan-interval"
                aria-invalid={errors.interval ? true : undefined}
                aria-describedby="plan-interval-error"
                className={inputClassName}
                {...register('interval')}
              >
                <option value="month">{PLAN_WORDS.interval.month}</option>
                <option value="year">{PLAN_WORDS.interval.year}</option>
              </select>
              <FieldError id="plan-interval-error" message={errors.interval?.message} className="mt-1" />
            </div>
          ) : null}
        </div>
      )}
      {kind === 'membership' ? (
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            <Checkbox id="plan-unlimited" {...register('unlimited')} />
            <Label htmlFor="plan-unlimited" className="font-normal">
              Unlimited washes
            </Label>
          </div>
          {unlimited ? null : <TextField label={`Washes a ${interval}`} {...number('washes')} />}
        </div>
      ) : (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Washes" {...number('washes')} />
          <TextField label="Valid for (days)" {...number('validDays')} />
        </div>
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Washes a day, each vehicle" {...number('washesPerDay')} />
        <TextField label="Vehicles" {...number('vehicles')} />
      </div>
      <Controller
        control={control}
        name="services"
        render={({ field }) => (
          <CheckboxList
            id="plan-services"
            legend="Services covered"
            options={services.map((service) => ({ value: service._id, label: service.name }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.services?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="addOns"
        render={({ field }) => (
          <CheckboxList
            id="plan-add-ons"
            legend={PLAN_WORDS.addOns}
            noneMeans="No add-on is included"
            options={addOns.map((addOn) => ({ value: addOn._id, label: addOn.name }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.addOns?.message}
          />
        )}
      />
      <DialogFormFooter submitLabel="Save Plan" submitting={isSubmitting} />
    </form>
  );
};
