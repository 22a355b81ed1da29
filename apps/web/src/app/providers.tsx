import type { CSSProperties, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from 'sonner';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { useTheme } from '@/lib/theme/use-theme';
import type { AppStore } from './store';

const toasterStyle: CSSProperties & Record<'--width', string> = { '--width': '356px' };

/** SPEC section 9: top-center, 4000 ms, at most 3 visible, 356 px wide, 14 px apart. */
const AppToaster = () => {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      position="top-center"
      duration={4000}
      visibleToasts={3}
      gap={14}
      theme={resolvedTheme}
      richColors
      closeButton
      style={toasterStyle}
    />
  );
};

export const AppProviders = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <Provider store={store}>
    <ThemeProvider>
      {children}
      <AppToaster />
    </ThemeProvider>
  </Provider>
);
