import type { Vehicle } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, vehicleName } from '@carcare/contracts/vehicles-constants';
import { Trash2Icon } from 'lucide-react';
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
import { useArchiveVehicle } from '../hooks/use-archive-vehicle';

/** Remove, confirmed: the dialog stays open until the server has answered, and closes when it worked. */
export const RemoveVehicleDialog = ({ vehicle }: { vehicle: Vehicle }) => {
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const archive = useArchiveVehicle();
  const name = vehicleName(vehicle);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    setRemoving(true);
    const removed = await archive(vehicle._id);
    setRemoving(false);
    if (removed) setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={GARAGE_WORDS.removeLabel(name)}
        >
          <Trash2Icon aria-hidden="true" />
          {GARAGE_WORDS.remove}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{GARAGE_WORDS.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription>{GARAGE_WORDS.removeDescription(name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={removing}
            onClick={(event) => void confirm(event)}
          >
            {GARAGE_WORDS.remove}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
