import { lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import type { AppStore } from './store';

// Loaded just after the first paint: no page shows a toast before the visitor has done something.
const LazyToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ThemeProvider>
      {children}
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
    </ThemeProvider>
  </Provider>
);
