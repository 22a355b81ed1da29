import type { Customer } from '@carcare/contracts/front-desk';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { useId } from 'react';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NEW_BOOKING_WORDS } from '../front-desk-words';

/** One of the customer's vehicles, or a vehicle class: exactly one of the two is set. */
export type JobVehicle = { vehicle: string; vehicleClass: string };

const VEHICLE = 'vehicle:';
const CLASS = 'class:';

type JobVehicleSelectProps = {
  vehicles: Customer['vehicles'];
  classes: readonly VehicleClass[];
  value: JobVehicle;
  onChange: (value: JobVehicle) => void;
};

/** The car the job is for: one of the customer's, or a vehicle class when they have none (or it is another car). */
export const JobVehicleSelect = ({ vehicles, classes, value, onChange }: JobVehicleSelectProps) => {
  const id = useId();
  const classOptions = classes.map((each) => (
    <option key={each._id} value={`${CLASS}${each._id}`}>
      {each.name}
    </option>
  ));
  return (
    <div>
      <Label htmlFor={id} className="mb-2 block">
        {NEW_BOOKING_WORDS.vehicle}
      </Label>
      <select
        id={id}
        value={value.vehicle ? `${VEHICLE}${value.vehicle}` : `${CLASS}${value.vehicleClass}`}
        onChange={(event) => {
          const option = event.target.value;
          onChange(
            option.startsWith(VEHICLE)
              ? { vehicle: option.slice(VEHICLE.length), vehicleClass: '' }
              : { vehicle: '', vehicleClass: option.slice(CLASS.length) },
          );
        }}
        className={inputClassName}
      >
        {vehicles.length > 0 ? (
          <>
            <optgroup label={NEW_BOOKING_WORDS.customerVehicles}>
              {vehicles.map((vehicle) => (
                <option key={vehicle._id} value={`${VEHICLE}${vehicle._id}`}>
                  {[`${vehicle.make} ${vehicle.model}`.trim(), vehicle.plate, vehicle.vehicleClass.name]
                    .filter(Boolean)
                    .join(' · ')}
                </option>
              ))}
            </optgroup>
            <optgroup label={NEW_BOOKING_WORDS.vehicleClasses}>{classOptions}</optgroup>
          </>
        ) : (
          classOptions
        )}
      </select>
    </div>
  );
};
