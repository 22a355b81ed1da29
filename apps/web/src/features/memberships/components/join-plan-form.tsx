import type { Plan } from '@carcare/contracts/plans';
import { vehicleName } from '@carcare/contracts/vehicles-constants';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { useGetVehiclesQuery } from '@/features/garage/api/get-vehicles';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { formatPrice } from '@/lib/format-price';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { useJoinPlanMutation } from '../api/memberships-api';
import { MEMBERSHIP_WORDS, priceWords } from '../membership-words';

/**
 * Joining a plan (or buying a pack): the customer ticks the cars it is for, from their garage, up to what the
 * plan covers, and goes on to the provider's checkout. The server's refusal is shown under the choice.
 */
export const JoinPlanForm = ({ plan }: { plan: Plan }) => {
  const id = useId();
  const currency = useCurrency();
  const { data: garage = [], isLoading } = useGetVehiclesQuery();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [join, { isLoading: joining }] = useJoinPlanMutation();
  const full = chosen.length >= plan.vehicles;

  const toggle = (vehicleId: string, on: boolean) => {
    setError(undefined);
    // One car: choosing another replaces it.
    if (plan.vehicles === 1) setChosen(on ? [vehicleId] : []);
    else setChosen(on ? [...chosen, vehicleId] : chosen.filter((each) => each !== vehicleId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const joined = await join({ plan: plan._id, vehicles: chosen }).unwrap();
      window.location.assign(joined.payment_url);
    } catch (failure) {
      setError(
        (isFetchBaseQueryError(failure) && typeof failure.status === 'number' ? serverMessage(failure) : null) ??
          MEMBERSHIP_WORDS.failed,
      );
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border bg-card p-5 shadow-xs">
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {MEMBERSHIP_WORDS.joinTitle(plan.name)}
        </h2>
        <p className="text-muted-foreground text-sm">{priceWords(plan, formatPrice(plan.price, currency))}</p>
      </div>
      {!plan.active ? <p className="text-destructive">{MEMBERSHIP_WORDS.planUnavailable}</p> : null}
      {plan.active && !isLoading && garage.length === 0 ? (
        <div className="space-y-3">
          <p>{MEMBERSHIP_WORDS.joinNoVehicles}</p>
          <Link className={buttonVariants({ variant: 'outline', size: 'sm' })} to={paths.userDashboard.myVehicles}>
            {MEMBERSHIP_WORDS.addVehicle}
          </Link>
        </div>
      ) : null}
      {plan.active && garage.length > 0 ? (
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-2" aria-describedby={`${id}-error`}>
            <legend className="mb-2 font-medium text-sm">{MEMBERSHIP_WORDS.joinVehicles(plan.vehicles)}</legend>
            {garage.map((vehicle) => {
              const on = chosen.includes(vehicle._id);
              return (
                <label
                  key={vehicle._id}
                  htmlFor={`${id}-${vehicle._id}`}
                  className="flex min-w-0 items-center gap-3 text-sm"
                >
                  <Checkbox
                    id={`${id}-${vehicle._id}`}
                    checked={on}
                    disabled={!on && full && plan.vehicles > 1}
                    onChange={(event) => toggle(vehicle._id, event.target.checked)}
                  />
                  <span className="min-w-0 break-words">
                    {vehicleName(vehicle)}
                    {vehicle.plate ? ` (${vehicle.plate})` : ''}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <FieldError id={`${id}-error`} message={error} />
          <Button type="submit" disabled={chosen.length === 0 || joining}>
            {plan.kind === 'pack' ? MEMBERSHIP_WORDS.buy : MEMBERSHIP_WORDS.join}
          </Button>
        </form>
      ) : null}
    </section>
  );
};
