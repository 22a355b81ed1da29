import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Island } from '@/lib/islands/island';
import { ScrollToTopButton } from './scroll-to-top-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

type PublicLayoutProps = {
  /** Shown in the header beside the account link (the Next Slot countdown). */
  headerAddon?: ReactNode;
  /** Floating buttons besides scroll-to-top (the comparison button). */
  floatingActions?: ReactNode;
};

export const PublicLayout = ({ headerAddon, floatingActions }: PublicLayoutProps) => (
  <div className="flex min-h-dvh flex-col">
    <SiteHeader addon={headerAddon} />
    <main id="main" className="flex-1">
      <Outlet />
    </main>
    <SiteFooter />
    {floatingActions}
    <Island name="scroll-to-top" component={ScrollToTopButton} props={{}} />
  </div>
);
