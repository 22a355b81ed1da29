import type { VehicleClass } from '@carcare/contracts/vehicles';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useUpdateVehicleClass } from '../hooks/use-vehicle-class-saves';
import { FormRefusal } from './form-refusal';
import { VehicleClassForm } from './vehicle-class-form';

/** Rename and describe a class; closes once saved, and shows the server's refusal otherwise. */
export const EditVehicleClassDialog = ({ vehicleClass }: { vehicleClass: VehicleClass }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { save } = useUpdateVehicleClass(vehicleClass);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Edit ${vehicleClass.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Vehicle Class</DialogTitle>
          <DialogDescription>Bookings already made keep the name they were made with.</DialogDescription>
        </DialogHeader>
        <FormRefusal message={refusal} />
        <VehicleClassForm
          vehicleClass={vehicleClass}
          submitLabel="Save Class"
          onSubmit={async ({ name, description }) => {
            const refused = await save({ name, description });
            setRefusal(refused);
            if (refused === null) setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
};
