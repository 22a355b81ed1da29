import { policySentences } from '@carcare/contracts/payment-policy-constants';
import { paymentPolicyInputSchema, type ShopSettings } from '@carcare/contracts/shop-settings';
import { type Control, useWatch } from 'react-hook-form';
import { moneyIn } from '@/lib/payment-terms';
import { PREVIEW_MODES, PREVIEW_PRICE_CENTS, type TermsValues } from '../payment-terms';
import { SETTINGS_SCREEN_TEXT } from '../settings-refusal';

/** What a customer reads for a $100 booking under the terms being edited, for each way a service is paid. */
export const TermsPreview = ({ control, settings }: { control: Control<TermsValues>; settings: ShopSettings }) => {
  const editing = useWatch({ control, name: 'paymentPolicy' });
  const policy = paymentPolicyInputSchema.safeParse(editing);
  const money = moneyIn(settings.currency);
  return (
    <section aria-labelledby="terms-preview-heading" className="min-w-0 space-y-3 rounded-lg border bg-muted/40 p-4">
      <h3 id="terms-preview-heading" className="font-medium">
        What a customer reads for a {money(PREVIEW_PRICE_CENTS)} booking
      </h3>
      {policy.success ? (
        <div className="grid gap-4 md:grid-cols-3">
          {PREVIEW_MODES.map(({ mode, title }) => (
            <div key={mode} className="min-w-0 space-y-1">
              <h4 className="font-medium text-sm">{title}</h4>
              <ul aria-label={title} className="list-disc space-y-1 pl-5 text-muted-foreground text-sm">
                {policySentences(
                  policy.data,
                  { mode, priceCents: PREVIEW_PRICE_CENTS, cutoffHours: settings.cancellationCutoffHours },
                  money,
                ).map((sentence) => (
                  <li key={sentence} className="break-words">
                    {sentence}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">{SETTINGS_SCREEN_TEXT.termsPreviewWaiting}</p>
      )}
    </section>
  );
};
