import { GitCompareArrowsIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useComparedServices, useComparisonChanges } from '../comparison-store';
import { useShakeOnChange } from '../hooks/use-shake-on-change';

const SHAKE_MS = 500;

// Opened by few visitors: the dialog and its machinery load on the first press, not with the page.
const ComparisonDialog = lazy(() =>
  import('./comparison-dialog').then((module) => ({ default: module.ComparisonDialog })),
);

/** SPEC section 2: the floating comparison button; it shakes for 500 ms whenever the selection changes. */
export const ComparisonButton = () => {
  const services = useComparedServices();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A selection kept from the page before shows without a shake: it did not change here.
  const shaking = useShakeOnChange(buttonRef, useComparisonChanges(), SHAKE_MS);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <Button
        ref={buttonRef}
        size="icon"
        aria-label={`Compare services (${services.length} selected)`}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-shaking={shaking || undefined}
        className="fixed right-5 bottom-20 z-40 size-12 rounded-full shadow-lg"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
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
      {used ? (
        <Suspense fallback={null}>
          <ComparisonDialog open={open} onOpenChange={setOpen} onClosed={() => buttonRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
};
