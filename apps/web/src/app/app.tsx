import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import type { AppStore } from './store';

export const App = ({ store }: { store: AppStore }) => {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders store={store}>
      <SessionBootstrap />
      <RouterProvider router={router} />
    </AppProviders>
  );
};
