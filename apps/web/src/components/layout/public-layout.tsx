import { Outlet } from 'react-router';
import { ScrollToTopButton } from './scroll-to-top-button';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const PublicLayout = () => (
  <div className="flex min-h-dvh flex-col">
    <SiteHeader />
    <main id="main" className="flex-1">
      <Outlet />
    </main>
    <SiteFooter />
    <ScrollToTopButton />
  </div>
);
