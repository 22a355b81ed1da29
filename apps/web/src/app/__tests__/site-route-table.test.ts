import { CLIENT_APP_PATHS, PUBLIC_PAGES } from '@carcare/contracts/site-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED } from '../render-page';
import { routes } from '../routes';

/** Every path the router declares, at any depth (child paths here are written in full). */
const declaredPaths = (table: RouteObject[]): string[] =>
  table.flatMap((route) => [...(route.path ? [route.path] : []), ...declaredPaths(route.children ?? [])]);

const publicPaths = Object.values(PUBLIC_PAGES).map((page) => page.path);

describe('the site route table the server reads', () => {
  it('names every route of the router, as a public page or a page of the client app, and no other', () => {
    const declared = declaredPaths(routes).filter((path) => path !== '*');
    expect(new Set(declared)).toEqual(new Set([...publicPaths, ...CLIENT_APP_PATHS]));
    expect(declared).toHaveLength(publicPaths.length + CLIENT_APP_PATHS.length);
  });

  it('lists as public pages exactly those the server build renders', () => {
    expect(new Set([...SERVER_RENDERED.keys()].filter((path) => path !== '*'))).toEqual(new Set(publicPaths));
  });
});
