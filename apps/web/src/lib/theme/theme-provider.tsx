import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useHydrated } from '../ssr/use-hydrated';
import {
  applyTheme,
  DEFAULT_THEME,
  onSystemThemeChange,
  type ResolvedTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  type Theme,
} from './theme';
import { ThemeContext } from './theme-context';

const SERVER_THEME: ResolvedTheme = 'light';

export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [resolvedTheme, setResolvedTheme] = useState(() => resolveTheme(theme));

  useEffect(() => {
    const update = () => {
      const resolved = resolveTheme(theme);
      setResolvedTheme(resolved);
      applyTheme(resolved);
    };
    update();
    return theme === 'system' ? onSystemThemeChange(update) : undefined;
  }, [theme]);

  // A server-rendered page shows the default theme's controls until hydrated, as the server drew them; the
  // page's colours follow the stored theme from the start (main.tsx sets them before anything renders).
  const hydrated = useHydrated();
  const value = useMemo(
    () => ({
      theme: hydrated ? theme : DEFAULT_THEME,
      resolvedTheme: hydrated ? resolvedTheme : SERVER_THEME,
      setTheme: (next: Theme) => {
        storeTheme(next);
        setThemeState(next);
      },
    }),
    [hydrated, theme, resolvedTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
};
