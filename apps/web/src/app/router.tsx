import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Loads the lazy modules of the routes that match `pathname` and puts them in place, as the server did before
 * rendering it: a server-rendered page is hydrated with its components at hand, not a loading screen.
 */
export async function loadMatchedRoutes(pathname: string, table: RouteObject[] = routes) {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
