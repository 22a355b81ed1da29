import type { VehicleClass } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_SCREEN } from '@carcare/contracts/vehicles-constants';
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
import { useArchiveVehicleClass } from '../hooks/use-vehicle-class-saves';
import { FormRefusal } from './form-refusal';

/**
 * Archiving asks first and stays open until the server has answered: the default class, or one that customers'
 * vehicles are of, is refused, and the dialog says why.
 */
export const ArchiveVehicleClassDialog = ({ vehicleClass }: { vehicleClass: VehicleClass }) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { archive, isArchiving } = useArchiveVehicleClass(vehicleClass);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    const refused = await archive();
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
        <Button size="sm" variant="outline" aria-label={`Archive ${vehicleClass.name}`}>
          Archive
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Archive {vehicleClass.name}?</AlertDialogTitle>
          <AlertDialogDescription>{VEHICLE_CLASS_SCREEN.archiveWarning}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormRefusal message={refusal} />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isArchiving}
            onClick={confirm}
          >
            Archive
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
