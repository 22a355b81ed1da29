import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { makeStore } from '@/app/store';
import type { SessionState } from '@/lib/session/session-slice';

type Options = { path: string; session: SessionState };

/** Renders routes in memory with the real store and providers, starting at `path`. */
export const renderRoutes = (routes: RouteObject[], { path, session }: Options) => {
  const store = makeStore(session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
};
