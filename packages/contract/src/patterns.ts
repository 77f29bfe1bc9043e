import { RE2JS } from 're2js';

/**
 * Operator-defined patterns (registration rules) run on RE2, a linear-time engine: a pattern such as
 * `^([a-zA-Z]+)+$` cannot freeze the server or the browser, whatever the input. Patterns RE2 does not accept
 * (backreferences, lookarounds) are refused when they are saved. JavaScript's `\uXXXX` and `\u{…}` escapes are
 * read as RE2's `\x{…}`, and `\p{Script=Han}` (or `sc=`, `gc=`) as RE2's `\p{Han}`.
 */
const cache = new Map<string, RE2JS | null>();
const CACHE_SIZE = 200;

function toRe2Syntax(pattern: string): string {
  return pattern
    .replace(/\\([pP])\{(?:Script|sc|Script_Extensions|scx|General_Category|gc)=([A-Za-z_]+)\}/g, '\\$1{$2}')
    .replace(
      /(^|[^\\])((?:\\\\)*)\\u(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/g,
      (_match, before: string, slashes: string, braced: string | undefined, plain: string | undefined) =>
        `${before}${slashes}\\x{${braced ?? plain}}`,
    );
}

/** The compiled pattern, or null when RE2 does not accept it. */
function compilePattern(pattern: string): RE2JS | null {
  if (cache.has(pattern)) return cache.get(pattern) ?? null;
  let compiled: RE2JS | null;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern));
  } catch {
    compiled = null;
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

export const isSafePattern = (pattern: string) => compilePattern(pattern) !== null;

/** Whether the value contains a match of the pattern (as RegExp.test); null when the pattern is not accepted. */
export function patternTest(pattern: string, value: string): boolean | null {
  const compiled = compilePattern(pattern);
  return compiled ? compiled.test(value) : null;
}
