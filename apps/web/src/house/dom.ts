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

/** Minor units (a decimal string or bigint) as an exact amount of the currency, grouped in the page's locale. */
export function formatMinor(minor: string | bigint, digits: number): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const unit = 10n ** BigInt(digits);
  const whole = new Intl.NumberFormat(document.documentElement.lang || 'en').format(absolute / unit);
  const fraction = digits > 0 ? `.${(absolute % unit).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
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
