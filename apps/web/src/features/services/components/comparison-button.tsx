import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { GitCompareArrowsIcon } from 'lucide-react';
import { useRef } from 'react';
import { useSelector } from 'react-redux';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useAppDispatch } from '@/lib/redux-hooks';
import { comparisonCleared, comparisonRemoved, selectComparedServices } from '../comparison-slice';
import { useShakeOnChange } from '../hooks/use-shake-on-change';
import { ComparisonTable } from './comparison-table';

const SHAKE_MS = 500;

/** SPEC section 2: the floating comparison button; it shakes for 500 ms whenever the selection changes. */
export const ComparisonButton = () => {
  const dispatch = useAppDispatch();
  const services = useSelector(selectComparedServices);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shaking = useShakeOnChange(buttonRef, services, SHAKE_MS);

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          ref={buttonRef}
          size="icon"
          aria-label={`Compare services (${services.length} selected)`}
          data-shaking={shaking || undefined}
          className="fixed right-5 bottom-20 z-40 size-12 rounded-full shadow-lg"
        >
          <GitCompareArrowsIcon className="size-5" />
          {services.length > 0 ? (
            <span
              aria-hidden="true"
              className="-top-1 -right-1 absolute flex size-5 items-center justify-center rounded-full bg-destructive font-bold text-[11px] text-destructive-foreground"
            >
              {services.length}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
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
