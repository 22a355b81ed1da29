import type { VehicleClass } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
import { useArchiveVehicleClass } from '../hooks/use-vehicle-class-saves';
import { RefusableActionDialog } from './refusable-action-dialog';

/** Archiving a class asks first; the default class, or one customers' vehicles are of, is refused in the dialog. */
export const ArchiveVehicleClassDialog = ({ vehicleClass }: { vehicleClass: VehicleClass }) => {
  const { archive, isArchiving } = useArchiveVehicleClass(vehicleClass);
  return (
    <RefusableActionDialog
      action="Archive"
      name={vehicleClass.name}
      warning={VEHICLE_CLASS_SCREEN.archiveWarning}
      run={archive}
      pending={isArchiving}
    />
  );
};
