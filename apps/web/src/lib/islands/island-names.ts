/**
 * The interactive parts of public pages that hydrate on their own in the browser (decision 049). Each name is
 * a loader in the app's island table (`app/islands.ts`), which the compiler holds to this list.
 */
export type IslandName =
  | 'site-menu'
  | 'theme-toggle'
  | 'comparison'
  | 'scroll-to-top'
  | 'compare-toggle'
  | 'write-review'
  | 'review-pages'
  | 'review-form'
  | 'catalogue'
  | 'service-booking';

/** The attribute naming an island's root element in a page's HTML. */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * The attribute of an island that hydrates when the visitor comes to it (`when-reached`): scrolled up into the
 * top half of the screen, pointed at, focused or pressed. Others hydrate as the page starts.
 */
export const ISLAND_HYDRATE_ATTRIBUTE = 'data-island-hydrate';

/** When an island hydrates: with the page, or once the visitor comes to it. */
export type IslandHydration = 'with-the-page' | 'when-reached';

/** The attribute carrying, as JSON, the props an island was drawn with. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
