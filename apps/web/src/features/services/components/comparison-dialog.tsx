import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { useSelector } from 'react-redux';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useAppDispatch } from '@/lib/redux-hooks';
import { comparisonCleared, comparisonRemoved, selectComparedServices } from '../comparison-slice';
import { ComparisonTable } from './comparison-table';

type ComparisonDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void };

/** The comparison list, loaded the first time the comparison button is pressed. */
export const ComparisonDialog = ({ open, onOpenChange, onClosed }: ComparisonDialogProps) => {
  const dispatch = useAppDispatch();
  const services = useSelector(selectComparedServices);
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
            <ComparisonTable services={services} onRemove={(id) => dispatch(comparisonRemoved(id))} />
            <Button variant="outline" className="justify-self-end" onClick={() => dispatch(comparisonCleared())}>
              Clear all
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
};
