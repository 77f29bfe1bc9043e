/**
 * One CSV field (RFC 4180) of the console's exports: quoted when it holds a comma, quote or line break; text a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe. Numbers stay numbers; null is empty.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
