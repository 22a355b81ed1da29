import { PAGE_DATA_ELEMENT_ID } from '@carcare/contracts/page-render';
import { createAction } from '@reduxjs/toolkit';

/** What the server hands the browser with a rendered page: the store as it rendered it, and the site's own address. */
export type ServerData = { state: Record<string, unknown>; siteUrl: string };

/** Replaces the API cache of a new store with the one the server rendered with (RTK Query's rehydration). */
export const serverStateReceived = createAction<Record<string, unknown>>('ssr/serverStateReceived');

/** The server's data, when this page was rendered on the server; null for the client app's own pages. */
export function readServerData(): ServerData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { state, siteUrl } = parsed as Partial<ServerData>;
    if (typeof state !== 'object' || state === null || typeof siteUrl !== 'string') return null;
    return { state, siteUrl };
  } catch {
    return null;
  }
}
