/**
 * Text PostgreSQL cannot store and no form sends: the NUL character and UTF-16 surrogates that are not part of a
 * pair. Input holding either is refused as invalid before any rule sees it (PostgreSQL would answer an error, a 5xx).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this finds.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isBadText = (text: string) => BAD_TEXT.test(text);

/** The path of the first string (or object key) in the value that holds bad text, or null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path.join('.') || '_' : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (isBadText(key)) return [...path, '_'].join('.');
    const found = findBadText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
