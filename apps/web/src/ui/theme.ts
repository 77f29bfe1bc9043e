import { useSyncExternalStore } from 'react';
import { local } from '../lib/storage.ts';

export type Theme = 'light' | 'dark';

/** Local storage key of §3; the theme defaults to light. */
const THEME_KEY = 'theme';

let current: Theme = local.get(THEME_KEY) === 'dark' ? 'dark' : 'light';
const listeners = new Set<() => void>();

/** Puts the current theme on <html data-theme>, where the tokens pick it up. */
export function applyTheme(): void {
  document.documentElement.dataset.theme = current;
}

function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  local.set(THEME_KEY, theme);
  applyTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme);
}
