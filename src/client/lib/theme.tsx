import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_THEME, THEMES, type Theme } from '@shared/constants';
import { rememberPreference, storedPreference } from './storage/preferences';

export type ResolvedTheme = 'light' | 'dark';

interface ThemeState {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme(theme: Theme): void;
  /** The header toggle: flips between light and dark (docs/product.md §4). */
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function systemPrefersDark(): boolean {
  return darkQuery().matches;
}

export function readStoredTheme(): Theme {
  const saved = storedPreference('theme');
  return isTheme(saved) ? saved : DEFAULT_THEME;
}

export function resolveTheme(theme: Theme, systemDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

/** The saved choice and the system's setting; in the browser they are read from storage and the media query. */
export interface ThemeStart {
  theme: Theme;
  systemDark: boolean;
}

export function ThemeProvider({ children, start }: { children: ReactNode; start?: ThemeStart }) {
  const [theme, setThemeState] = useState<Theme>(() => start?.theme ?? readStoredTheme());
  const [systemDark, setSystemDark] = useState(() => start?.systemDark ?? darkQuery().matches);

  useEffect(() => {
    const query = darkQuery();
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolvedTheme = resolveTheme(theme, systemDark);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolvedTheme === 'dark');
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    rememberPreference('theme', next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark'), [resolvedTheme, setTheme]);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme, toggleTheme }), [theme, resolvedTheme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside ThemeProvider');
  return state;
}
