import type { Customer } from '@carcare/contracts/front-desk';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useGetPlansQuery } from '@/features/plans/api/get-plans';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useSellPackMutation } from '../api/memberships-api';
import { SELL_PACK_WORDS } from '../membership-words';

type Method = 'cash' | 'card';

/**
 * The counter sells the chosen customer a pack for their cars, paid there in cash or by card: active at once,
 * its price in the club's ledger. The server's refusal is shown under the form.
 */
export const SellPack = ({ customer }: { customer: Pick<Customer, '_id' | 'vehicles'> }) => {
  const id = useId();
  const currency = useCurrency();
  const [open, setOpen] = useState(false);
  const [packId, setPackId] = useState('');
  const [cars, setCars] = useState<string[]>([]);
  const [method, setMethod] = useState<Method>('cash');
  const [problem, setProblem] = useState<string>();
  const { data: plans = [] } = useGetPlansQuery(undefined, { skip: !open });
  const [sell, { isLoading }] = useSellPackMutation();
  const packs = plans.filter((plan) => plan.kind === 'pack');
  const pack = packs.find((each) => each._id === packId);

  if (!open) {
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        {SELL_PACK_WORDS.open}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const sold = await sell({ customer: customer._id, plan: packId, vehicles: cars, method }).unwrap();
      toast.success(SELL_PACK_WORDS.sold(sold.plan.name, formatPrice(sold.plan.price, currency)));
      setOpen(false);
      setPackId('');
      setCars([]);
    } catch (error) {
      setProblem(
        (isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ??
          SELL_PACK_WORDS.failed,
      );
    }
  };

  return (
    <form aria-labelledby={`${id}-title`} onSubmit={submit} className="space-y-3 rounded-lg border p-3">
      <h3 id={`${id}-title`} className="font-medium">
        {SELL_PACK_WORDS.title}
      </h3>
      {packs.length === 0 ? <p className="text-muted-foreground text-sm">{SELL_PACK_WORDS.noPacks}</p> : null}
      <div>
        <Label htmlFor={`${id}-pack`} className="mb-2 block">
          {SELL_PACK_WORDS.pack}
        </Label>
        <select
          id={`${id}-pack`}
          value={packId}
          onChange={(event) => setPackId(event.target.value)}
          className={inputClassName}
        >
          <option value="">{SELL_PACK_WORDS.choosePack}</option>
          {packs.map((each) => (
            <option key={each._id} value={each._id}>
              {each.name} · {formatPrice(each.price, currency)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-sm">{SELL_PACK_WORDS.cars}</legend>
        {customer.vehicles.length === 0 ? (
          <p className="text-muted-foreground text-sm">{SELL_PACK_WORDS.noCars}</p>
        ) : null}
        {customer.vehicles.map((vehicle) => {
          const on = cars.includes(vehicle._id);
          return (
            <label
              key={vehicle._id}
              htmlFor={`${id}-${vehicle._id}`}
              className="flex min-w-0 items-center gap-3 text-sm"
            >
              <Checkbox
                id={`${id}-${vehicle._id}`}
                checked={on}
                disabled={!on && pack !== undefined && cars.length >= pack.vehicles}
                onChange={(event) =>
                  setCars(event.target.checked ? [...cars, vehicle._id] : cars.filter((each) => each !== vehicle._id))
                }
              />
              <span className="min-w-0 break-words">
                {vehicle.make} {vehicle.model}
                {vehicle.plate ? ` (${vehicle.plate})` : ''}
              </span>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-medium">{SELL_PACK_WORDS.method}</legend>
        {(['cash', 'card'] as const).map((each) => (
          <label key={each} htmlFor={`${id}-${each}`} className="flex items-center gap-2">
            <input
              id={`${id}-${each}`}
              type="radio"
              name={`${id}-method`}
              checked={method === each}
              onChange={() => setMethod(each)}
            />
            {SELL_PACK_WORDS[each]}
          </label>
        ))}
      </fieldset>
      <FieldError id={`${id}-error`} message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isLoading || packId === '' || cars.length === 0}>
          {SELL_PACK_WORDS.sell}
        </Button>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          {SELL_PACK_WORDS.close}
        </Button>
      </div>
    </form>
  );
};
