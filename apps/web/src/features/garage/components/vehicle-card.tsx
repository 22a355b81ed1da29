import type { Vehicle } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, plateText, vehicleName } from '@carcare/contracts/vehicles-constants';
import { PencilIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RemoveVehicleDialog } from './remove-vehicle-dialog';

type VehicleCardProps = { vehicle: Vehicle; onEdit: (vehicle: Vehicle) => void };

/** One vehicle of the garage: its name, class, plate with region and colour; edit and remove. */
export const VehicleCard = ({ vehicle, onEdit }: VehicleCardProps) => {
  const name = vehicleName(vehicle);
  const plate = plateText(vehicle);
  // A nickname hides the car itself: it is said under it.
  const car =
    vehicle.nickname.trim() !== '' ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '';
  return (
    <article aria-label={name} className="flex w-full min-w-0 flex-col gap-3 rounded-lg border bg-card p-5 shadow-xs">
      <div className="min-w-0">
        <h2 className="break-words font-semibold text-lg">{name}</h2>
        {car ? <p className="break-words text-muted-foreground text-sm">{car}</p> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{GARAGE_WORDS.classTerm}</dt>
        <dd className="min-w-0 break-words">{vehicle.vehicleClass.name}</dd>
        {plate ? (
          <>
            <dt className="text-muted-foreground">{GARAGE_WORDS.plateTerm}</dt>
            <dd className="min-w-0 break-words font-mono">{plate}</dd>
          </>
        ) : null}
        {vehicle.colour ? (
          <>
            <dt className="text-muted-foreground">{GARAGE_WORDS.colourTerm}</dt>
            <dd className="min-w-0 break-words">{vehicle.colour}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onEdit(vehicle)} aria-label={GARAGE_WORDS.editLabel(name)}>
          <PencilIcon aria-hidden="true" />
          {GARAGE_WORDS.edit}
        </Button>
        <RemoveVehicleDialog vehicle={vehicle} />
      </div>
    </article>
  );
};
