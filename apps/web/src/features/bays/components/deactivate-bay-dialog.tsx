import type { Bay } from '@carcare/contracts/bays';
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
import { useUpdateBay } from '../hooks/use-update-bay';

/**
 * Deactivation asks first; it stays open until the server has answered and closes when it worked. A bay with
 * upcoming bookings is refused, and the toast carries the server's count.
 */
export const DeactivateBayDialog = ({ bay }: { bay: Bay }) => {
  const [open, setOpen] = useState(false);
  const { save, isSaving } = useUpdateBay(bay);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    if (await save({ active: false })) setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Deactivate ${bay.name}`}>
          Deactivate
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deactivate {bay.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            No new booking will be given this bay until it is activated again. A bay with upcoming bookings cannot be
            deactivated.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isSaving}
            onClick={confirm}
          >
            Deactivate
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
