import type { AddOn } from '@carcare/contracts/add-ons';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { type ReactNode, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useCurrency } from '@/lib/use-currency';
import { useCreateAddOn, useUpdateAddOn } from '../hooks/use-add-on-saves';
import { AddOnForm } from './add-on-form';
import { type AddOnFormValues, addOnValues, emptyAddOn } from './add-on-form-schema';
import { FormRefusal } from './form-refusal';

type AddOnFormDialogProps = {
  /** The add-on to edit; absent for Add Add-on. */
  addOn?: AddOn;
  services: readonly ServiceName[];
  classes: readonly VehicleClass[];
  trigger: ReactNode;
};

const TEXTS = {
  add: { title: 'Add Add-on', description: 'Offered with the services checked, at once if it is active.' },
  edit: { title: 'Edit Add-on', description: 'Bookings already made keep the price and minutes they were made with.' },
} as const;

/** Saves the add-on's changes, or adds one; resolves to the server's refusal, or null once saved. */
const useSaveAddOn = (addOn: AddOn | undefined) => {
  const create = useCreateAddOn();
  const { save } = useUpdateAddOn({ _id: addOn?._id ?? '' });
  return (values: AddOnFormValues) => (addOn ? save(values) : create(values));
};

/** The add and edit dialogs: they close once the add-on is saved, and show the server's refusal otherwise. */
export const AddOnFormDialog = ({ addOn, services, classes, trigger }: AddOnFormDialogProps) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const currency = useCurrency();
  const save = useSaveAddOn(addOn);
  const texts = addOn ? TEXTS.edit : TEXTS.add;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <FormRefusal message={refusal} />
        <AddOnForm
          defaultValues={addOn ? addOnValues(addOn) : emptyAddOn}
          services={services}
          classes={classes}
          currency={currency}
          onSubmit={async (values) => {
            const refused = await save(values);
            setRefusal(refused);
            if (refused === null) setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
};
