import type { VehicleClass } from '@carcare/contracts/vehicles';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUpdateVehicleClass } from '../hooks/use-vehicle-class-saves';
import { ArchiveVehicleClassDialog } from './archive-vehicle-class-dialog';
import { EditVehicleClassDialog } from './edit-vehicle-class-dialog';

type VehicleClassActionsProps = { vehicleClass: VehicleClass; position: number; count: number };

/**
 * Move up or down (the server moves this class to the position and renumbers the rest), edit, make the default,
 * archive. The default class cannot be archived: another is made the default first.
 */
export const VehicleClassActions = ({ vehicleClass, position, count }: VehicleClassActionsProps) => {
  const { save, isSaving } = useUpdateVehicleClass(vehicleClass);
  const name = vehicleClass.name;

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={`Move ${name} up`}
        disabled={isSaving || position === 1}
        onClick={() => save({ sortOrder: position - 1 })}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={`Move ${name} down`}
        disabled={isSaving || position === count}
        onClick={() => save({ sortOrder: position + 1 })}
      >
        <ArrowDownIcon />
      </Button>
      <EditVehicleClassDialog vehicleClass={vehicleClass} />
      {vehicleClass.isDefault ? null : (
        <>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Make ${name} the default`}
            disabled={isSaving}
            onClick={() => save({ isDefault: true })}
          >
            Make default
          </Button>
          <ArchiveVehicleClassDialog vehicleClass={vehicleClass} />
        </>
      )}
    </div>
  );
};
