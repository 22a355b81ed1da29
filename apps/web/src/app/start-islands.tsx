import type { PublicConfig } from '@carcare/contracts/app-config';
import { PAGE_DATA_ELEMENT_ID } from '@carcare/contracts/page-render';
import { type ReactNode, StrictMode, startTransition, useEffect, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '@/lib/islands/island';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from '@/lib/islands/island-names';
import { ShopConfigSource } from '@/lib/shop-config';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { ISLANDS } from './islands';
import type { EarlyActions } from './start-app';

/** An island's element in the page, with the module and props it hydrates with. */
type Found = { element: HTMLElement; name: IslandName; props: object };

const isIslandName = (name: string | undefined): name is IslandName => name !== undefined && name in ISLANDS;

/** The islands of the page under `container`, outermost only: an island inside another hydrates with it. */
export function islandsIn(container: HTMLElement): Found[] {
  const found: Found[] = [];
  for (const element of container.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    if (element.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`)) continue;
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? undefined;
    if (!isIslandName(name)) {
      console.error(`The page holds an island this build does not know: ${name}`);
      continue;
    }
    const props = propsOf(element);
    if (props === null) {
      console.error(`The island ${name} carries props that are not JSON: it stays as drawn`);
      continue;
    }
    found.push({ element, name, props });
  }
  return found;
}

/** The props an island's element carries, or null when they cannot be read. */
function propsOf(element: HTMLElement): object | null {
  try {
    const props: unknown = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}');
    return typeof props === 'object' && props !== null ? props : null;
  } catch {
    return null;
  }
}

/**
 * Whether the island draws the theme's control. One provider on the page applies the chosen theme and follows
 * the system's: another, not told of the visitor's choice, would put the system's back when it changes.
 */
const ownsTheTheme = (name: IslandName) => name === 'theme-toggle';

/**
 * Hydrates each island of a page the server rendered as islands (decision 049), each as a root of its own,
 * with its own module and the props its HTML carries. What the visitor did before (decision 022) is answered
 * once every island is live.
 */
export async function startIslands(container: HTMLElement, earlyActions?: EarlyActions) {
  const found = islandsIn(container);
  const config = configDrawnWith();
  const drawnConfig = () => config;
  const components = await Promise.all(found.map(({ name }) => ISLANDS[name]()));
  earlyActions?.stop();
  let waiting = found.length;
  const oneMoreLive = () => {
    waiting -= 1;
    if (waiting === 0) earlyActions?.answer();
  };
  if (waiting === 0) earlyActions?.answer();
  for (const [index, { element, name, props }] of found.entries()) {
    const Component = components[index];
    if (!Component) continue;
    const live = (
      <Live then={oneMoreLive}>
        <Component {...props} />
      </Live>
    );
    // A transition: each island yields to the browser instead of all of them hydrating in one long task.
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <IslandRoot>
            <ShopConfigSource source={drawnConfig}>
              {ownsTheTheme(name) ? <ThemeProvider>{live}</ThemeProvider> : live}
            </ShopConfigSource>
          </IslandRoot>
        </StrictMode>,
      );
    });
  }
}

/**
 * The shop's configuration the page was drawn with, from the answers the server sent with it: the islands
 * write prices and days as the server did, without asking again.
 */
function configDrawnWith(): PublicConfig | undefined {
  try {
    const data = JSON.parse(document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? 'null');
    return data?.state?.api?.queries?.['getPublicConfig(undefined)']?.data ?? undefined;
  } catch {
    return undefined;
  }
}

/** Calls `then` once, when what it holds is hydrated. */
function Live({ children, then }: { children: ReactNode; then: () => void }) {
  const called = useRef(false);
  useEffect(() => {
    if (called.current) return;
    called.current = true;
    then();
  }, [then]);
  return children;
}
