/**
 * Web storage that never throws: storage can be unavailable (private mode, blocked cookies), and the site
 * must still work without remembering anything.
 */
function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
};

export const session = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  keys: (): string[] => safe(() => Object.keys(window.sessionStorage), []),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};
