import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import { type MouseEvent, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDeactivateAddOn } from '../hooks/use-add-on-saves';
import { FormRefusal } from './form-refusal';

/** Deactivation asks first and stays open until the server has answered; a refusal is said in the dialog. */
export const DeactivateAddOnDialog = ({ addOn }: { addOn: AddOn }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { deactivate, isDeactivating } = useDeactivateAddOn(addOn);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    const refused = await deactivate();
    setRefusal(refused);
    if (refused === null) setOpen(false);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Deactivate ${addOn.name}`}>
          Deactivate
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deactivate {addOn.name}?</AlertDialogTitle>
          <AlertDialogDescription>{ADD_ON_SCREEN.deactivateWarning}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormRefusal message={refusal} />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isDeactivating}
            onClick={confirm}
          >
            Deactivate
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
