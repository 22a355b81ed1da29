import type { Closure } from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
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
import { toastError } from '@/lib/toast-message';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useDeleteClosureMutation } from '../api/settings-api';
import { refusalOf, SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import { closureDays } from './closure-days';

/** Removing a closure asks first; the dialog stays open until the server has answered. */
const RemoveClosureDialog = ({ closure, days }: { closure: Closure; days: string }) => {
  const [open, setOpen] = useState(false);
  const [deleteClosure, { isLoading }] = useDeleteClosureMutation();

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    try {
      const response = await deleteClosure(closure._id).unwrap();
      toast.success(response.message || CLOSURE_MESSAGES.deleted);
      setOpen(false);
    } catch (error) {
      toastError({ title: refusalOf(error, SETTINGS_SCREEN_TEXT.closureFailed).message });
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Remove closure ${closure.reason} (${days})`}>
          Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove this closure?</AlertDialogTitle>
          <AlertDialogDescription>
            {closure.reason}, {days}: the shop opens these days again with its usual hours.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isLoading}
            onClick={confirm}
          >
            Remove closure
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};

/** The closures not yet over, soonest first. */
export const ClosureList = ({ closures }: { closures: readonly Closure[] }) => {
  const { day } = useDisplayFormat();
  return (
    <ul aria-label="Upcoming closures" className="divide-y rounded-lg border">
      {closures.map((closure) => {
        const days = closureDays(closure, day);
        return (
          <li key={closure._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="break-words font-medium">{closure.reason}</p>
              <p className="text-muted-foreground text-sm">{days}</p>
            </div>
            <RemoveClosureDialog closure={closure} days={days} />
          </li>
        );
      })}
    </ul>
  );
};
