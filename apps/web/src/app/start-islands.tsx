import type { PublicConfig } from '@carcare/contracts/app-config';
import { PAGE_DATA_ELEMENT_ID } from '@carcare/contracts/page-render';
import { type ReactNode, StrictMode, startTransition, useEffect, useRef } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { IslandRoot } from '@/lib/islands/island';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_HYDRATE_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  type IslandName,
} from '@/lib/islands/island-names';
import { ShopConfigSource } from '@/lib/shop-config';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { type EarlyActions, keepEarlyActions } from './early-actions';
import { type AnyComponent, ISLANDS } from './islands';

/** An island's element in the page, with the module and props it hydrates with, and whether it waits. */
type Found = { element: HTMLElement; name: IslandName; props: object; whenReached: boolean };

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
    found.push({
      element,
      name,
      props,
      whenReached: element.getAttribute(ISLAND_HYDRATE_ATTRIBUTE) === 'when-reached',
    });
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
 * once every island is live. An island that waits to be reached hydrates with the page if the visitor has
 * already used it, and otherwise when they come to it, answering then what they did to it. Resolves to a
 * function that unmounts every island it hydrated, then or later, and stops waiting for the others.
 */
export async function startIslands(container: HTMLElement, earlyActions?: EarlyActions): Promise<() => void> {
  const roots: Root[] = [];
  const stopWaiting: (() => void)[] = [];
  const unmount = () => {
    for (const stop of stopWaiting.splice(0)) stop();
    for (const root of roots.splice(0)) root.unmount();
  };
  const found = islandsIn(container);
  const config = configDrawnWith();
  const drawnConfig = () => config;
  const withThePage = found.filter(({ whenReached }) => !whenReached);
  const components = await Promise.all(withThePage.map(({ name }) => ISLANDS[name]()));
  earlyActions?.stop();
  // From here each waiting island keeps what is done to it until it is live.
  const waiting = found
    .filter(({ whenReached }) => whenReached)
    .map((island) => ({ island, early: keepEarlyActions(island.element) }));
  const used = waiting.filter(({ island }) => earlyActions?.holds(island.element));
  const usedComponents = await Promise.all(used.map(({ island }) => ISLANDS[island.name]()));
  for (const { island, early } of waiting) {
    if (!used.some((each) => each.island === island)) {
      stopWaiting.push(hydrateWhenReached(island, early, drawnConfig, roots));
    }
  }

  const now = [...withThePage, ...used.map(({ island }) => island)];
  const nowComponents = [...components, ...usedComponents];
  for (const { early } of used) early.stop();
  let left = now.length;
  const allLive = () => {
    earlyActions?.answer();
    for (const { early } of used) early.answer();
  };
  if (left === 0) allLive();
  for (const [index, island] of now.entries()) {
    const Component = nowComponents[index];
    if (!Component) continue;
    roots.push(
      hydrate(island, Component, drawnConfig, () => {
        left -= 1;
        if (left === 0) allLive();
      }),
    );
  }
  return unmount;
}

/** Hydrates one island as a root of its own, and calls `live` once it is. */
function hydrate(
  { element, name, props }: Found,
  Component: AnyComponent,
  drawnConfig: () => PublicConfig | undefined,
  live: () => void,
): Root {
  const drawn = (
    <Live then={live}>
      <Component {...props} />
    </Live>
  );
  // A transition: each island yields to the browser instead of all of them hydrating in one long task.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(
      element,
      <StrictMode>
        <IslandRoot>
          <ShopConfigSource source={drawnConfig}>
            {ownsTheTheme(name) ? <ThemeProvider>{drawn}</ThemeProvider> : drawn}
          </ShopConfigSource>
        </IslandRoot>
      </StrictMode>,
    );
  });
  if (!root) throw new Error(`The island ${name} was not hydrated`);
  return root;
}

/** What shows the visitor has come to an island: a pointer over it, a press, a tap, the focus. */
const REACHING_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Loads and hydrates `island` once the visitor comes to it: it rises into the top half of the screen, or they
 * point at it, touch it or move the focus into it. What they did to it meanwhile is answered once it is live.
 * Its root joins `roots`; the function returned stops the waiting and the keeping of what was done to it.
 */
function hydrateWhenReached(
  island: Found,
  early: EarlyActions,
  drawnConfig: () => PublicConfig | undefined,
  roots: Root[],
): () => void {
  const { element } = island;
  // The island takes no room of its own (`display: contents`): what it holds is watched.
  const parts = [...element.children];
  let observer: IntersectionObserver | undefined;
  let started = false;
  let cancelled = false;
  const stopWatching = () => {
    started = true;
    observer?.disconnect();
    for (const type of REACHING_EVENTS) element.removeEventListener(type, reached, true);
  };
  const reached = () => {
    if (started) return;
    stopWatching();
    void ISLANDS[island.name]().then((Component) => {
      if (cancelled) return;
      early.stop();
      roots.push(hydrate(island, Component, drawnConfig, early.answer));
    });
  };
  for (const type of REACHING_EVENTS) element.addEventListener(type, reached, { capture: true, once: true });
  // Nothing done to it is kept any longer: what it kept is never answered.
  const cancel = () => {
    cancelled = true;
    stopWatching();
    early.stop();
  };
  if (typeof IntersectionObserver === 'undefined') return cancel;
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reached();
    },
    { rootMargin: '0px 0px -50% 0px' },
  );
  for (const part of parts) observer.observe(part);
  return cancel;
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
