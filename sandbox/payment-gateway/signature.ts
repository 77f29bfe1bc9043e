import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway's signature: the hex HMAC-SHA256, under the merchant's secret, of every field but `sign`,
 * sorted by name, as `name=value` joined by `&`. Requests to the gateway, its answers and its callbacks are all
 * signed this way.
 */
export type Fields = Record<string, string>;

function signFields(fields: Fields, secret: string): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function signed(fields: Fields, secret: string): Fields {
  return { ...fields, sign: signFields(fields, secret) };
}

export function signatureValid(fields: Fields, secret: string): boolean {
  const given = fields.sign ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(
    Buffer.from(given.toLowerCase(), 'hex'),
    Buffer.from(signFields(fields, secret), 'hex'),
  );
}

/** A JSON body's fields as text, or null when it is not a flat object of strings and numbers. */
export function textFields(body: unknown): Fields | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields: Fields = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) fields[name] = String(value);
    else return null;
  }
  return fields;
}
