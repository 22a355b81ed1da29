import { Logo } from '@/components/brand/logo';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { DRAWER_MEDIA_QUERY } from '@/lib/breakpoints';
import { cn } from '@/lib/utils';
import { PUBLIC_NAV_LINKS } from './public-nav-links';

type MobileNavPanelProps = { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void };

/**
 * The drawer itself, loaded the first time the menu button is pressed. Its links are plain ones, as between
 * all public pages (decision 049): it opens in an island too, where there is no router.
 */
export const MobileNavPanel = ({ open, onOpenChange, onClosed }: MobileNavPanelProps) => {
  const here = window.location.pathname;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="w-[300px] max-w-full"
        onInteractOutside={(event) => {
          if (!window.matchMedia(DRAWER_MEDIA_QUERY).matches) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <Logo />
        <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
          {PUBLIC_NAV_LINKS.map((link) => (
            <SheetClose asChild key={link.to}>
              <a
                href={link.to}
                aria-current={link.to === here ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-2.5 font-medium transition-colors hover:bg-accent',
                  link.to === here && 'bg-accent text-primary',
                )}
              >
                {link.label}
              </a>
            </SheetClose>
          ))}
        </nav>
      </SheetContent>
    </Sheet>
  );
};
