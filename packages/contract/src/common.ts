import { z } from 'zod';
import { ALL_LANGUAGES } from './constants.ts';
import { isSiteLink } from './links.ts';

/** A row id: a positive 32-bit integer (larger ones are refused rather than overflowing the database column). */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id });
export const languageCode = z.enum(ALL_LANGUAGES);
export const isoDateTime = z.iso.datetime({ offset: true });
export const nonEmpty = (max: number) => z.string().trim().min(1).max(max);
export const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'invalid_format');
/** A link inside the site (a path starting with /) or an http(s) URL. */
export const siteLink = z.string().trim().max(2000).refine(isSiteLink, 'invalid_format');
export const okValue = z.object({ ok: z.literal(true) });
/** A percentage from 0 to `max` in steps of 0.01 (0.5 = 0.5 %). */
export const percentHundredths = (max: number) =>
  z.coerce
    .number()
    .min(0)
    .max(max)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'invalid_value');
export const paging = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
