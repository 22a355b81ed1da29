import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DRAWER_MEDIA_QUERY } from '@/lib/breakpoints';
import { useMediaQuery } from '@/lib/use-media-query';

// The dialog machinery is only needed once someone opens the menu, so it stays out of the first load.
const MobileNavPanel = lazy(() => import('./mobile-nav-panel').then((module) => ({ default: module.MobileNavPanel })));

/** SPEC section 2: a 300 px drawer repeating the header links on screens up to 1024 px wide. */
export const MobileNavDrawer = () => {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isDrawerScreen = useMediaQuery(DRAWER_MEDIA_QUERY);

  useEffect(() => {
    if (!isDrawerScreen) setOpen(false);
  }, [isDrawerScreen]);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="min-[1025px]:hidden"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} onClosed={() => buttonRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
};
