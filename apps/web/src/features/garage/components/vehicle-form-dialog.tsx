import type { Vehicle, VehicleClass } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS } from '@carcare/contracts/vehicles-constants';
import { DialogFormFooter } from '@/components/forms/dialog-form-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSaveVehicle } from '../hooks/use-save-vehicle';
import { emptyVehicleForm, vehicleFormValues } from '../vehicle-form-values';
import { VehicleForm } from './vehicle-form';

type VehicleFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  classes: readonly VehicleClass[];
  /** The vehicle to edit; left out, the dialog adds one. */
  vehicle?: Vehicle;
  /** The class a new vehicle starts with (the one chosen on the page, or the shop's default). */
  defaultClass?: string;
  /** Told the saved vehicle once the server has kept it; the dialog then closes. */
  onSaved?: (vehicle: Vehicle) => void;
};

/** Add a vehicle, or edit one: the vehicle form in a dialog that closes once the vehicle is saved. */
export const VehicleFormDialog = ({
  open,
  onOpenChange,
  classes,
  vehicle,
  defaultClass,
  onSaved,
}: VehicleFormDialogProps) => {
  const save = useSaveVehicle(vehicle);
  const initial = vehicle
    ? vehicleFormValues(vehicle)
    : emptyVehicleForm(defaultClass ?? classes.find((each) => each.isDefault)?._id ?? '');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{vehicle ? GARAGE_WORDS.edit : GARAGE_WORDS.add}</DialogTitle>
          <DialogDescription>{GARAGE_WORDS.addDescription}</DialogDescription>
        </DialogHeader>
        {open ? (
          <VehicleForm
            classes={classes}
            initial={initial}
            onSubmit={async (input) => {
              const saved = await save(input);
              if (saved.vehicle) {
                onSaved?.(saved.vehicle);
                onOpenChange(false);
              }
              return saved.errors;
            }}
            footer={(submitting) => <DialogFormFooter submitLabel={GARAGE_WORDS.save} submitting={submitting} />}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
};
