import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';

type DialogFormFooterProps = { submitLabel: string; submitting: boolean; className?: string };

/** A dialog form's Cancel (closes the dialog) and submit button, disabled with a spinner while it submits. */
export const DialogFormFooter = ({ submitLabel, submitting, className }: DialogFormFooterProps) => (
  <DialogFooter className={className}>
    <DialogClose asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </DialogClose>
    <Button type="submit" disabled={submitting}>
      {submitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
      {submitLabel}
    </Button>
  </DialogFooter>
);
