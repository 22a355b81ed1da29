import type { Vehicle, VehicleClass } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, vehicleName } from '@carcare/contracts/vehicles-constants';
import { PlusIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

// Loaded with the first press of Add: a visitor, who picks a class, never loads the form (decision 049).
const VehicleFormDialog = lazy(() =>
  import('./vehicle-form-dialog').then((module) => ({ default: module.VehicleFormDialog })),
);

/** One of the customer's vehicles, or a vehicle class: at most one of the two is set. */
export type VehicleChoice = { vehicle: string; vehicleClass: string };

type VehiclePickerProps = {
  classes: readonly VehicleClass[];
  /** The signed-in customer's vehicles; undefined for a visitor, who picks a class. */
  vehicles: readonly Vehicle[] | undefined;
  value: VehicleChoice;
  onChange: (choice: VehicleChoice) => void;
  /** The select's id: a fixed one, as the page is drawn on the server too (useId differs between the two trees). */
  id?: string;
};

const VEHICLE = 'vehicle:';
const CLASS = 'class:';

const optionOf = ({ vehicle, vehicleClass }: VehicleChoice) =>
  vehicle ? `${VEHICLE}${vehicle}` : `${CLASS}${vehicleClass}`;

const choiceOf = (option: string): VehicleChoice =>
  option.startsWith(VEHICLE)
    ? { vehicle: option.slice(VEHICLE.length), vehicleClass: '' }
    : { vehicle: '', vehicleClass: option.slice(CLASS.length) };

/**
 * "Your vehicle": a visitor picks a class; a signed-in customer one of their vehicles or a class, or adds a
 * vehicle on the spot, which becomes the choice once saved.
 */
export const VehiclePicker = ({ classes, vehicles, value, onChange, id = 'vehicle-choice' }: VehiclePickerProps) => {
  const [adding, setAdding] = useState(false);
  // Kept once opened, so that the dialog closes as it opened.
  const [formWanted, setFormWanted] = useState(false);
  const classOptions = classes.map((each) => (
    <option key={each._id} value={`${CLASS}${each._id}`}>
      {vehicles ? GARAGE_WORDS.classOption(each.name) : each.name}
    </option>
  ));
  return (
    <div className="space-y-2">
      <Label htmlFor={id} className="block">
        {vehicles ? GARAGE_WORDS.vehicleChoice : GARAGE_WORDS.classLabel}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          value={optionOf(value)}
          onChange={(event) => onChange(choiceOf(event.target.value))}
          className={inputClassName}
        >
          {vehicles && vehicles.length > 0 ? (
            <>
              <optgroup label={GARAGE_WORDS.myVehicles}>
                {vehicles.map((vehicle) => (
                  <option key={vehicle._id} value={`${VEHICLE}${vehicle._id}`}>
                    {GARAGE_WORDS.vehicleOption(vehicleName(vehicle), vehicle.vehicleClass.name)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={GARAGE_WORDS.classes}>{classOptions}</optgroup>
            </>
          ) : (
            classOptions
          )}
        </select>
        {vehicles ? (
          <Button
            type="button"
            variant="outline"
            className="shrink-0"
            onClick={() => {
              setFormWanted(true);
              setAdding(true);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {GARAGE_WORDS.add}
          </Button>
        ) : null}
      </div>
      {vehicles && formWanted ? (
        <Suspense fallback={null}>
          <VehicleFormDialog
            open={adding}
            onOpenChange={setAdding}
            classes={classes}
            defaultClass={value.vehicleClass || undefined}
            onSaved={(vehicle) => onChange({ vehicle: vehicle._id, vehicleClass: '' })}
          />
        </Suspense>
      ) : null}
    </div>
  );
};
