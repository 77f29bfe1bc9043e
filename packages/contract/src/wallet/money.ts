import { z } from 'zod';

/**
 * Money on the wire is a number in major units of the merchant's currency (what the original client sends and
 * shows: sumBalance 1234.5); in the database it is an integer of minor units. The conversion goes through the
 * decimal text, never a float multiplication, and an amount with more decimals than the currency has is refused.
 * The conversions are in money-math.ts, which builds no schema, so a page can format money without zod.
 */

/** The largest amount the wire carries, in major units (a trillion). */
export const MAX_AMOUNT = 1e12;

/** A decimal as text: optional minus, digits, optional fraction ("12.50", "-5"); no sign +, exponent, hex or spaces. */
const DECIMAL_TEXT = /^-?\d{1,30}(?:\.\d{1,30})?$/;

/** A value of the wire that is neither of a union's forms: absent (required) or of another kind (invalid_value). */
const missingOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'required' : 'invalid_value';

/**
 * A number of the wire: a JSON number or a decimal string (what the original client sends), as a number. Anything
 * else (true, [5], "0x10", "1e3", "", " 5") is refused as invalid_value instead of being coerced.
 */
export const decimal = z
  .union([z.number(), z.string().min(1, 'required').regex(DECIMAL_TEXT, 'invalid_format')], {
    error: missingOrInvalid,
  })
  .transform(Number);

/**
 * The one schema of every money amount a client sends (transfers, deposits, withdrawals, console adjustments,
 * limits and prices): major units, at most a trillion either way (an adjustment may be negative). Whether it is
 * above zero, and its minimum (the currency's smallest unit, a channel's or the withdrawal minimum), is checked
 * where the currency is known, so the message can state that minimum.
 */
export const amount = decimal.pipe(
  z.number().check((context) => {
    if (Math.abs(context.value) > MAX_AMOUNT) {
      context.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: MAX_AMOUNT,
        inclusive: true,
        input: context.value,
      });
    }
  }),
);

/** A whole count of the wire (lottery points): a JSON integer or a string of digits, between min and max. */
export const wholeCount = (min: number, max: number) =>
  z
    .union(
      [
        z.number().int(),
        z
          .string()
          .min(1, 'required')
          .regex(/^\d{1,30}$/, 'invalid_format'),
      ],
      { error: missingOrInvalid },
    )
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
