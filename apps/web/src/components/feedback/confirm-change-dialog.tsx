import type { MouseEvent, ReactNode } from 'react';
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
import { buttonVariants } from '@/components/ui/button';

type ConfirmChangeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when it has one (a menu opens it by `open` instead). */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  /** Destructive for what takes something away (a cancellation), default for a plain record (completed). */
  confirmVariant?: 'destructive' | 'default';
  busy: boolean;
  /** Resolves true when the change was made: only then does the dialog close. */
  onConfirm: () => Promise<boolean>;
  /** What the change asks for besides the confirmation (a reason), between the question and the buttons. */
  children?: ReactNode;
};

/** Asks before a change (a booking, a plan, a membership); stays open until the server has answered, so a refusal can be retried. */
export const ConfirmChangeDialog = ({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  dismissLabel,
  confirmVariant = 'destructive',
  busy,
  onConfirm,
  children,
}: ConfirmChangeDialogProps) => {
  const confirm = async (event: MouseEvent) => {
    event.preventDefault();
    if (await onConfirm()) onOpenChange(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{dismissLabel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: confirmVariant })} disabled={busy} onClick={confirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
};
