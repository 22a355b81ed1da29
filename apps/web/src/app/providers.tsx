import { lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { BookingSourceProvider } from '@/features/bookings/booking-source';
import { BOOKING_FROM_STORE } from '@/features/bookings/booking-source-from-store';
import { ShopConfigFromStore } from '@/lib/api/shop-config-from-store';
import { useHydrated } from '@/lib/ssr/use-hydrated';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import type { AppStore, ServerStore } from './store';

// Loaded just after the first paint: no page shows a toast before the visitor has done something.
const LazyToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

type AppProvidersProps = {
  store: AppStore | ServerStore;
  /** The state a server-rendered page was rendered with: hydration reads it, then the store's own takes over. */
  serverState?: unknown;
  children: ReactNode;
};

export const AppProviders = ({ store, serverState, children }: AppProvidersProps) => (
  <Provider store={store} serverState={serverState}>
    <ShopConfigFromStore>
      <BookingSourceProvider source={BOOKING_FROM_STORE}>
        <ThemeProvider>
          {children}
          <Toasts />
        </ThemeProvider>
      </BookingSourceProvider>
    </ShopConfigFromStore>
  </Provider>
);

const Toasts = () => {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
};
