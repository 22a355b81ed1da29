import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap';
import type { ServerData } from '@/lib/ssr/server-data';
import { SiteProvider } from '@/lib/ssr/site';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import type { AppStore } from './store';

type AppProps = {
  store: AppStore;
  /** What the server rendered this page with, when it did: the first render must draw exactly that. */
  serverData?: ServerData | null;
};

export const App = ({ store, serverData }: AppProps) => {
  const [router] = useState(createAppRouter);
  const [site] = useState(() => ({ url: serverData?.siteUrl ?? window.location.origin }));
  return (
    <SiteProvider site={site}>
      <AppProviders store={store} serverState={serverData?.state}>
        <SessionBootstrap />
        <RouterProvider router={router} />
      </AppProviders>
    </SiteProvider>
  );
};
