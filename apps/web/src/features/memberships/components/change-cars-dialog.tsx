import type { Membership } from '@carcare/contracts/memberships';
import { vehicleName } from '@carcare/contracts/vehicles-constants';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { useGetVehiclesQuery } from '@/features/garage/api/get-vehicles';
import { useChangeMembershipVehiclesMutation } from '../api/change-membership';
import { CHANGE_WORDS } from '../membership-words';
import { refusalOf } from '../refusal';

const coveredIds = (membership: Membership) => membership.vehicles.map((vehicle) => vehicle._id);

/**
 * Changing the cars a membership or pack covers: the garage's cars, those it covers ticked, up to what the plan
 * covers (one car: choosing another replaces it). The server's refusal (once in 30 days) is shown in the dialog.
 */
export const ChangeCarsDialog = ({ membership }: { membership: Membership }) => {
  const id = useId();
  const covered = membership.plan.vehicles;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => coveredIds(membership));
  const [problem, setProblem] = useState<string>();
  const { data: garage = [] } = useGetVehiclesQuery(undefined, { skip: !open });
  const [change, { isLoading }] = useChangeMembershipVehiclesMutation();

  const toggle = (vehicleId: string, on: boolean) => {
    setProblem(undefined);
    if (covered === 1) setChosen(on ? [vehicleId] : []);
    else setChosen(on ? [...chosen, vehicleId] : chosen.filter((each) => each !== vehicleId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await change({ id: membership._id, vehicles: chosen }).unwrap();
      toast.success(CHANGE_WORDS.carsChanged);
      setOpen(false);
    } catch (error) {
      setProblem(refusalOf(error));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(undefined);
        setChosen(coveredIds(membership));
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {CHANGE_WORDS.changeCars(covered)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CHANGE_WORDS.changeCarsTitle(membership.plan.name)}</DialogTitle>
          <DialogDescription>{CHANGE_WORDS.changeCarsNotice(covered)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <fieldset className="space-y-2" aria-describedby={`${id}-error`}>
            <legend className="sr-only">{CHANGE_WORDS.changeCars(covered)}</legend>
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
                    disabled={!on && covered > 1 && chosen.length >= covered}
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
          <FieldError id={`${id}-error`} message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {CHANGE_WORDS.close}
            </Button>
            <Button type="submit" disabled={isLoading || chosen.length === 0}>
              {CHANGE_WORDS.saveCars}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
};
