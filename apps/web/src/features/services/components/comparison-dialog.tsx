import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { comparison, useComparedServices } from '../comparison-store';
import { ComparisonTable } from './comparison-table';

type ComparisonDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void };

/** The comparison list, loaded the first time the comparison button is pressed. */
export const ComparisonDialog = ({ open, onOpenChange, onClosed }: ComparisonDialogProps) => {
  const services = useComparedServices();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>Compare Services</DialogTitle>
        <DialogDescription>Price and duration of the services you selected.</DialogDescription>
        {services.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{SERVICE_MESSAGES.compareEmpty}</p>
        ) : (
          <>
            <ComparisonTable services={services} onRemove={comparison.remove} />
            <Button variant="outline" className="justify-self-end" onClick={comparison.clear}>
              Clear all
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
};
