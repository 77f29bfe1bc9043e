// This module builds no schema, so a page can check a link without zod.

/**
 * Whether a link set by an operator is a path inside the site (one leading slash) or an http(s) URL. Control
 * characters, spaces and backslashes are refused: a browser drops tabs and newlines and reads `\` as `/`, so
 * `/\host` or `/<tab>/host` would lead to another site.
 */
export function isSiteLink(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
