import { MenuIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { DRAWER_MEDIA_QUERY } from '@/lib/breakpoints';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { PUBLIC_NAV_LINKS } from './public-nav-links';

/** SPEC section 2: a 300 px drawer repeating the header links on screens up to 1024 px wide. */
export const MobileNavDrawer = () => {
  const [open, setOpen] = useState(false);
  const isDrawerScreen = useMediaQuery(DRAWER_MEDIA_QUERY);

  useEffect(() => {
    if (!isDrawerScreen) setOpen(false);
  }, [isDrawerScreen]);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="min-[1025px]:hidden">
          <MenuIcon className="size-6" />
        </Button>
      </SheetTrigger>
      <SheetContent
        className="w-[300px] max-w-full"
        onInteractOutside={(event) => {
          if (!window.matchMedia(DRAWER_MEDIA_QUERY).matches) event.preventDefault();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <Logo />
        <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
          {PUBLIC_NAV_LINKS.map((link) => (
            <SheetClose asChild key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2.5 font-medium transition-colors hover:bg-accent',
                    isActive && 'bg-accent text-primary',
                  )
                }
              >
                {link.label}
              </NavLink>
            </SheetClose>
          ))}
        </nav>
      </SheetContent>
    </Sheet>
  );
};
