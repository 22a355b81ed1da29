import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme/use-theme';

const toasterStyle: CSSProperties & Record<'--width', string> = { '--width': '356px' };

/** SPEC section 9: top-center, 4000 ms, at most 3 visible, 356 px wide, 14 px apart. */
export const AppToaster = () => {
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
