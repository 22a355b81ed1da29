import { type ComponentType, createContext, type ReactNode, use } from 'react';
import { useIslandRecorder } from '../ssr/site';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_HYDRATE_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  type IslandHydration,
  type IslandName,
} from './island-names';

/** True in a component drawn inside an island's own root in the browser, where there is no app around it. */
const InIslandContext = createContext(false);

/** True inside an island, wherever it is drawn: an island in another hydrates with it, from its module. */
const WithinIslandContext = createContext(false);

/** Marks what it holds as an island's own root: `useInIsland` is true inside it. */
export const IslandRoot = ({ children }: { children: ReactNode }) => (
  <InIslandContext value={true}>{children}</InIslandContext>
);

/**
 * Whether the component is drawn in an island's root, with no app around it: no router, no store, no
 * session. Only what appears after hydration may depend on it (a form loaded on first use, a link's target),
 * so that the island's first render matches the server's HTML.
 */
export const useInIsland = () => use(InIslandContext);

type IslandProps<Props extends object> = {
  name: IslandName;
  component: ComponentType<Props>;
  /** What the component is drawn with: kept in the HTML as JSON, so the island hydrates with the same. */
  props: Props;
  /**
   * When its module is loaded and it hydrates: with the page (the default), or once the visitor comes to it,
   * for a part below the first screen that most visitors only read. What they do to it before is answered
   * once it is live.
   */
  hydrate?: IslandHydration;
};

/**
 * An interactive part of a public page (decision 049). The server and the app draw `component` with `props`
 * inside an element that takes no room of its own (`display: contents`) and names the island and its props;
 * on a page served as islands, the browser hydrates that element as a root of its own with the island's
 * module alone, and the rest of the page stays the server's HTML.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
  hydrate = 'with-the-page',
}: IslandProps<Props>) {
  const nested = use(WithinIslandContext);
  useIslandRecorder()?.(name, !nested && hydrate !== 'when-reached');
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    ...(hydrate === 'when-reached' ? { [ISLAND_HYDRATE_ATTRIBUTE]: hydrate } : {}),
  };
  return (
    <div {...attributes} className="contents">
      <WithinIslandContext value={true}>
        <Component {...props} />
      </WithinIslandContext>
    </div>
  );
}
