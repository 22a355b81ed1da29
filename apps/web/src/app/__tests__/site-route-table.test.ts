import path from 'node:path';
import {
  NOT_FOUND_MODULE,
  RENDERED_PAGE_NAMES,
  type RouteAccess,
  renderingOf,
  SITE_ROUTES,
  type SiteRoute,
  WEB_APP_PATHS,
} from '@carcare/contracts/site-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfileRedirect } from '@/features/auth/components/profile-redirect';
import { RequireAdmin, RequireShop, RequireUser } from '@/features/auth/components/require-role';
import { SERVER_RENDERED } from '../render-page';
import { routes } from '../routes';

type Declared = { path: string; route: RouteObject; access: RouteAccess };

/** Who may open a route, as its own guard or the nearest one above it says. */
const guardOf = (route: RouteObject, above: RouteAccess): RouteAccess => {
  if (route.Component === RequireUser) return 'customer';
  if (route.Component === RequireShop) return 'staff';
  if (route.Component === RequireAdmin) return 'admin';
  if (route.Component === ProfileRedirect) return 'signed-in';
  return above;
};

/** Every path the router declares, at any depth (child paths here are written in full), with who may open it. */
const declared = (table: RouteObject[], above: RouteAccess = 'anyone'): Declared[] =>
  table.flatMap((route) => {
    const access = guardOf(route, above);
    return [...(route.path ? [{ path: route.path, route, access }] : []), ...declared(route.children ?? [], access)];
  });

const webRoot = path.resolve(import.meta.dirname, '../../..');
const routeAt = (pattern: string) => declared(routes).find((each) => each.path === pattern)?.route;

/** The component a route's lazy module gives it, and the exports of the module the table names for it. */
async function lazyComponentAndModule(pattern: string, module: string) {
  const route = routeAt(pattern);
  if (typeof route?.lazy !== 'function') throw new Error(`${pattern} loads no module of its own`);
  const loaded = await route.lazy();
  const exported: Record<string, unknown> = await import(/* @vite-ignore */ path.join(webRoot, module));
  return { component: loaded.Component, exports: Object.values(exported) };
}

describe('the site route table', () => {
  it('names every route of the router and no other, each guarded as the table says', () => {
    const router = declared(routes).filter(({ path }) => path !== '*');
    expect(router.map(({ path }) => path).sort()).toEqual([...WEB_APP_PATHS].sort());
    const table = new Map(Object.values<SiteRoute>(SITE_ROUTES).map((route) => [route.path, route.access]));
    for (const { path, access } of router) expect(access, path).toBe(table.get(path));
  });

  it('lists as server-rendered exactly the pages the server build renders', () => {
    const rendered = RENDERED_PAGE_NAMES.map((name) => SITE_ROUTES[name].path);
    expect(new Set([...SERVER_RENDERED.keys()].filter((path) => path !== '*'))).toEqual(new Set(rendered));
  });

  it("names for each server-rendered page the module its route loads, and the not-found page's", async () => {
    for (const name of RENDERED_PAGE_NAMES) {
      const { module } = renderingOf(name);
      const { component, exports } = await lazyComponentAndModule(SITE_ROUTES[name].path, module);
      expect(exports, module).toContain(component);
    }
    const notFound = await lazyComponentAndModule('*', NOT_FOUND_MODULE);
    expect(notFound.exports).toContain(notFound.component);
  });
});
