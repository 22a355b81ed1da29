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

/** The attribute carrying, as JSON, the props an island was drawn with. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
