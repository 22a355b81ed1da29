import { PlusIcon } from 'lucide-react';
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
import { useCreateVehicleClass } from '../hooks/use-vehicle-class-saves';
import { FormRefusal } from './form-refusal';
import { VehicleClassForm } from './vehicle-class-form';

/** Add Class: the dialog closes once the class is added, and shows the server's refusal otherwise. */
export const AddVehicleClassDialog = () => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const createClass = useCreateVehicleClass();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Add Class
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Vehicle Class</DialogTitle>
          <DialogDescription>
            It comes last in the order; its services take their base prices until it is given its own.
          </DialogDescription>
        </DialogHeader>
        <FormRefusal message={refusal} />
        <VehicleClassForm
          submitLabel="Save Class"
          onSubmit={async ({ name, description, isDefault }) => {
            const refused = await createClass({ name, description, ...(isDefault ? { isDefault } : {}) });
            setRefusal(refused);
            if (refused === null) setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
};
