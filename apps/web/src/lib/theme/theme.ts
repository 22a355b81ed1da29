export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'system';

const darkQuery = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => THEMES.some((theme) => theme === value);

export const readStoredTheme = (): Theme => {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
};

export const storeTheme = (theme: Theme) => {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
};

const systemPrefersDark = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;

export const resolveTheme = (theme: Theme): ResolvedTheme => {
  if (theme !== 'system') return theme;
  return systemPrefersDark() ? 'dark' : 'light';
};

export const applyTheme = (resolved: ResolvedTheme) => {
  document.documentElement.classList.toggle('dark', resolved === 'dark');
};

/** Calls back when the operating system switches between light and dark. */
export const onSystemThemeChange = (callback: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
};
