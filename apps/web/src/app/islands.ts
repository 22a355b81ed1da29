import type { ComponentType } from 'react';
import type { IslandName } from '@/lib/islands/island-names';

// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, read back from the page's HTML.
export type AnyComponent = ComponentType<any>;

/**
 * Each island's module, loaded only on a page that holds it (decision 049): what a visitor reading the
 * storefront downloads is React and these, never the router or the store.
 */
export const ISLANDS: Record<IslandName, () => Promise<AnyComponent>> = {
  'site-menu': () => import('@/components/layout/mobile-nav-drawer').then((module) => module.MobileNavDrawer),
  'theme-toggle': () => import('@/components/theme/theme-toggle').then((module) => module.ThemeToggle),
  comparison: () =>
    import('@/features/services/components/comparison-button').then((module) => module.ComparisonButton),
  'scroll-to-top': () => import('@/components/layout/scroll-to-top-button').then((module) => module.ScrollToTopButton),
  'compare-toggle': () =>
    import('@/features/services/components/compare-toggle').then((module) => module.CompareToggle),
  'write-review': () =>
    import('@/features/reviews/components/home-reviews-header').then((module) => module.HomeReviewsHeader),
  'review-pages': () => import('@/features/reviews/components/review-pages').then((module) => module.ReviewPages),
  'review-form': () => import('@/features/reviews/components/lazy-review-form').then((module) => module.LazyReviewForm),
  catalogue: () => import('@/features/services/components/catalogue').then((module) => module.Catalogue),
  'service-booking': () => import('@/features/bookings/components/slot-booking').then((module) => module.SlotBooking),
};
