import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { currencySymbol } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { type CatalogueFilters, parseAmount } from '../catalogue-filters';
import { useDraft } from '../hooks/use-draft';

type Budget = Pick<CatalogueFilters, 'min' | 'max'>;

type BudgetFilterProps = Budget & { onApply: (budget: Budget) => void };

const text = (amount: number | undefined) => (amount === undefined ? '' : String(amount));

const meansAmount = (draft: string, source: string) => parseAmount(draft) === parseAmount(source);

/** Budget range: min and max in the business's currency (numeric, at least 0), applied together; shows the URL's. */
export const BudgetFilter = ({ min, max, onApply }: BudgetFilterProps) => {
  const [minText, setMinText] = useDraft(text(min), meansAmount);
  const [maxText, setMaxText] = useDraft(text(max), meansAmount);
  const symbol = currencySymbol(useCurrency());

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = parseAmount(minText);
    const to = parseAmount(maxText);
    // A swapped range is read as meant rather than refused.
    const swapped = from !== undefined && to !== undefined && from > to;
    onApply(swapped ? { min: to, max: from } : { min: from, max: to });
  };

  return (
    // Named fields and a GET form: submitted before the page is live, the browser asks for the filtered
    // catalogue itself and the server renders it.
    <form onSubmit={apply} method="get" aria-label="Budget range" className="flex flex-wrap items-end gap-2">
      <Input
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        name="min"
        aria-label="Minimum price"
        placeholder={`Min ${symbol}`}
        value={minText}
        onChange={(event) => setMinText(event.target.value)}
        className="w-28"
      />
      <span aria-hidden="true" className="pb-2 text-muted-foreground">
        –
      </span>
      <Input
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        name="max"
        aria-label="Maximum price"
        placeholder={`Max ${symbol}`}
        value={maxText}
        onChange={(event) => setMaxText(event.target.value)}
        className="w-28"
      />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
};
