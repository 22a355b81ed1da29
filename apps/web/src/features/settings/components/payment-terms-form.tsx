import { DEPOSIT_KINDS, FEE_KINDS, LATE_CANCELLATION_KINDS } from '@carcare/contracts/payment-policy-constants';
import { type ShopSettings, updateSettingsSchema } from '@carcare/contracts/shop-settings';
import { SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { currencySymbol } from '@/lib/format-price';
import { toastError } from '@/lib/toast-message';
import { useUpdateSettingsMutation } from '../api/settings-api';
import {
  CHARGED_FEE_KINDS,
  DEPOSIT_KIND_LABELS,
  FEE_KIND_LABELS,
  LATE_KIND_LABELS,
  samePolicy,
  type TermsValues,
  tidyPolicy,
} from '../payment-terms';
import { refusalOf, SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import { ChoiceField } from './terms-choice-field';
import { TermsPreview } from './terms-preview';

const termsSchema = updateSettingsSchema.pick({ paymentPolicy: true }).required();

type TermsField = FieldPath<TermsValues>;

/** The fields a server refusal may name; a refusal of a whole rule shows under its kind. */
const TERMS_FIELDS: readonly TermsField[] = [
  'paymentPolicy.deposit.kind',
  'paymentPolicy.deposit.amount',
  'paymentPolicy.deposit.minimum',
  'paymentPolicy.noShowFee.kind',
  'paymentPolicy.noShowFee.amount',
  'paymentPolicy.lateCancellation.kind',
  'paymentPolicy.lateCancellation.fee.kind',
  'paymentPolicy.lateCancellation.fee.amount',
];

const fieldOf = (path: string): TermsField | undefined =>
  TERMS_FIELDS.find((field) => field === path) ?? TERMS_FIELDS.find((field) => field === `${path}.kind`);

/**
 * The shop's payment and cancellation terms: the deposit a deposit service takes, the no-show fee and what a
 * late cancellation costs. Saved only when they changed, as `{ paymentPolicy }`; the server's refusals show
 * under the field they are about. Under the form, what a customer reads before paying.
 */
export const PaymentTermsForm = ({ settings }: { settings: ShopSettings }) => {
  const [updateSettings] = useUpdateSettingsMutation();
  const saved = settings.paymentPolicy;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TermsValues, unknown, TermsValues>({
    resolver: zodResolver(termsSchema),
    defaultValues: { paymentPolicy: saved },
  });
  const [depositKind, noShowKind, lateKind, lateFeeKind] = useWatch({
    control,
    name: [
      'paymentPolicy.deposit.kind',
      'paymentPolicy.noShowFee.kind',
      'paymentPolicy.lateCancellation.kind',
      'paymentPolicy.lateCancellation.fee.kind',
    ],
  });
  const symbol = currencySymbol(settings.currency);
  const unit = (kind: string) => (kind === 'percent' ? 'percentage (%)' : `amount (${symbol})`);
  const policyErrors = errors.paymentPolicy;

  const submit = async ({ paymentPolicy }: TermsValues) => {
    const terms = tidyPolicy(paymentPolicy);
    if (samePolicy(terms, saved)) {
      toast.info(SETTINGS_MESSAGES.unchanged);
      return;
    }
    try {
      const response = await updateSettings({ paymentPolicy: terms }).unwrap();
      toast.success(response.message);
      reset({ paymentPolicy: response.data.paymentPolicy });
    } catch (error) {
      const refusal = refusalOf(error, SETTINGS_SCREEN_TEXT.saveFailed);
      for (const each of refusal.fields) {
        const field = fieldOf(each.path);
        if (field) setError(field, { message: each.message }, { shouldFocus: true });
      }
      toastError({ title: refusal.message });
    }
  };

  const amountField = (name: TermsField, id: string, label: string, error?: string) => (
    <TextField
      id={id}
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      error={error}
      {...register(name, { valueAsNumber: true })}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-2 font-medium">Deposit, for services paid by a deposit</legend>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <ChoiceField
            control={control}
            name="paymentPolicy.deposit.kind"
            id="terms-deposit-kind"
            label="Deposit"
            choices={DEPOSIT_KINDS}
            labels={DEPOSIT_KIND_LABELS}
            error={policyErrors?.deposit?.kind?.message}
          />
          {amountField(
            'paymentPolicy.deposit.amount',
            'terms-deposit-amount',
            `Deposit ${unit(depositKind)}`,
            policyErrors?.deposit?.amount?.message,
          )}
          {amountField(
            'paymentPolicy.deposit.minimum',
            'terms-deposit-minimum',
            `Minimum deposit (${symbol})`,
            policyErrors?.deposit?.minimum?.message,
          )}
        </div>
      </fieldset>
      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-2 font-medium">When a customer does not come</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <ChoiceField
            control={control}
            name="paymentPolicy.noShowFee.kind"
            id="terms-no-show-kind"
            label="No-show fee"
            choices={FEE_KINDS}
            labels={FEE_KIND_LABELS}
            error={policyErrors?.noShowFee?.kind?.message}
          />
          {noShowKind === 'none'
            ? null
            : amountField(
                'paymentPolicy.noShowFee.amount',
                'terms-no-show-amount',
                `No-show fee ${unit(noShowKind)}`,
                policyErrors?.noShowFee?.amount?.message,
              )}
        </div>
      </fieldset>
      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-2 font-medium">Cancellations after the cut-off</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <ChoiceField
            control={control}
            name="paymentPolicy.lateCancellation.kind"
            id="terms-late-kind"
            label="Late cancellations"
            choices={LATE_CANCELLATION_KINDS}
            labels={LATE_KIND_LABELS}
            error={policyErrors?.lateCancellation?.kind?.message}
            onChosen={(kind) => {
              // A fee that is charged is a fixed amount or a percentage: start from a fixed amount.
              if (kind === 'fee' && getValues('paymentPolicy.lateCancellation.fee.kind') === 'none') {
                setValue('paymentPolicy.lateCancellation.fee.kind', 'fixed');
              }
            }}
          />
          {lateKind === 'fee' ? (
            <ChoiceField
              control={control}
              name="paymentPolicy.lateCancellation.fee.kind"
              id="terms-late-fee-kind"
              label="Late cancellation fee"
              choices={CHARGED_FEE_KINDS}
              labels={FEE_KIND_LABELS}
              error={policyErrors?.lateCancellation?.fee?.kind?.message}
            />
          ) : null}
          {lateKind === 'fee'
            ? amountField(
                'paymentPolicy.lateCancellation.fee.amount',
                'terms-late-fee-amount',
                `Late cancellation fee ${unit(lateFeeKind)}`,
                policyErrors?.lateCancellation?.fee?.amount?.message,
              )
            : null}
        </div>
        <p className="text-muted-foreground text-sm">
          The cut-off is {settings.cancellationCutoffHours} hours before a booking starts (under Shop details).
        </p>
      </fieldset>
      <TermsPreview control={control} settings={settings} />
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Save terms
      </Button>
    </form>
  );
};
