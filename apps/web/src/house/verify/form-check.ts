import { el } from '../dom.ts';
import type { HouseKey, HouseT } from '../i18n.ts';

/** A control of a verification form, whether its value is usable, and the message when it is not. */
export type FieldCheck = [HTMLInputElement | HTMLTextAreaElement, boolean, HouseKey];

/** The result area, saying why nothing was verified. */
export function showRefusal(result: HTMLElement, t: HouseT, reasons: string[]): void {
  result.replaceChildren(
    el('h2', {}, t('verify.result')),
    el(
      'div',
      { role: 'alert', className: 'check mismatch' },
      ...reasons.map((reason) => el('p', {}, reason)),
    ),
  );
}

/**
 * Marks each control by its check; when any fails, the result area lists why, the first wrong control takes the
 * focus, and the answer is false (nothing is computed from such input).
 */
export function passesChecks(fields: FieldCheck[], result: HTMLElement, t: HouseT): boolean {
  const wrong = fields.filter(([control, valid]) => {
    if (valid) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
    return !valid;
  });
  if (wrong.length === 0) return true;
  result.replaceChildren(
    el('h2', {}, t('verify.result')),
    el(
      'div',
      { role: 'alert', className: 'check mismatch' },
      ...wrong.map(([, , key]) => el('p', {}, t(key))),
    ),
  );
  wrong[0]?.[0].focus();
  return false;
}
