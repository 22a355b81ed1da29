import type { IslandName } from '@/lib/islands/island-names';

/** The islands' runtime, which the entry imports on a page served as islands (decision 049). */
export const ISLANDS_RUNTIME_MODULE = 'src/app/start-islands.tsx';

/**
 * Each island's module, as the island table (`islands.ts`) imports it: the build lists the files each one needs
 * (`.vite/island-files.json`), so that the server can tell the browser what a page's islands will load.
 */
export const ISLAND_MODULES: Record<IslandName, string> = {
  'site-menu': 'src/components/layout/mobile-nav-drawer.tsx',
  'theme-toggle': 'src/components/theme/theme-toggle.tsx',
  comparison: 'src/features/services/components/comparison-button.tsx',
  'scroll-to-top': 'src/components/layout/scroll-to-top-button.tsx',
  'compare-toggle': 'src/features/services/components/compare-toggle.tsx',
  'write-review': 'src/features/reviews/components/home-reviews-header.tsx',
  'review-pages': 'src/features/reviews/components/review-pages.tsx',
  'review-form': 'src/features/reviews/components/lazy-review-form.tsx',
  catalogue: 'src/features/services/components/catalogue.tsx',
  'service-booking': 'src/features/bookings/components/slot-booking.tsx',
};
