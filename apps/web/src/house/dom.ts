import { frameLocale } from './i18n.ts';

/** A few DOM helpers for the frame: elements are built with text content only, never HTML strings. */

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'className') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/**
 * Minor units (a decimal string or bigint) as an exact amount of the currency, in the site language's locale
 * (1,355.45 in English, 1.355,45 in Vietnamese). `short` drops a fraction of zeros (a chip's 5 rather than 5.00).
 */
export function formatMinor(minor: string | bigint, digits: number, { short = false } = {}): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const unit = 10n ** BigInt(digits);
  const fraction = absolute % unit;
  const shown = short && fraction === 0n ? 0 : digits;
  const decimal = `${negative ? '-' : ''}${absolute / unit}.${fraction.toString().padStart(digits, '0')}`;
  // A decimal string is formatted exactly, whatever its size (never through a float).
  return new Intl.NumberFormat(frameLocale(), {
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
  }).format(decimal as `${number}`);
}

/** A decimal (an RTP "96.5", a percentage) in the site language's locale, exactly as given (96,5 in Vietnamese). */
export function formatDecimal(text: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  return new Intl.NumberFormat(frameLocale(), { maximumFractionDigits: 20 }).format(text as `${number}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A table that scrolls sideways on a narrow frame: a header row of column names, then the given rows. */
export function scrollTable(columns: string[], rows: HTMLTableRowElement[]): HTMLDivElement {
  return el(
    'div',
    { className: 'table-scroll' },
    el(
      'table',
      {},
      el('thead', {}, el('tr', {}, ...columns.map((name) => el('th', { scope: 'col' }, name)))),
      el('tbody', {}, ...rows),
    ),
  );
}
