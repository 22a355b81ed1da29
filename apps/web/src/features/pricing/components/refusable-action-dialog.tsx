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
import { FormRefusal } from './form-refusal';

type RefusableActionDialogProps = {
  /** The action's word: "Archive", "Deactivate". */
  action: string;
  /** What it is done to, as the shop calls it. */
  name: string;
  warning: string;
  /** Does it; resolves to the server's refusal, or null once done. */
  run: () => Promise<string | null>;
  pending: boolean;
};

/**
 * An action on a catalogue row that asks first and stays open until the server has answered: a refusal (the
 * default class, a class customers' vehicles are of) is said in the dialog.
 */
export const RefusableActionDialog = ({ action, name, warning, run, pending }: RefusableActionDialogProps) => {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    const refused = await run();
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
        <Button size="sm" variant="outline" aria-label={`${action} ${name}`}>
          {action}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {action} {name}?
          </AlertDialogTitle>
          <AlertDialogDescription>{warning}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormRefusal message={refusal} />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending}
            onClick={confirm}
          >
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
