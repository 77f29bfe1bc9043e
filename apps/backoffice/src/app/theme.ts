import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'bo.theme';

function initialTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let theme: Theme = initialTheme();
const listeners = new Set<() => void>();

export function applyTheme() {
  document.documentElement.dataset.theme = theme;
}

function setTheme(next: Theme) {
  theme = next;
  localStorage.setItem(THEME_KEY, next);
  applyTheme();
  for (const listener of listeners) listener();
}

/** The light or dark theme, stored in localStorage 'bo.theme'. */
export function useTheme(): [Theme, () => void] {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
  const toggle = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), []);
  return [current, toggle];
}
