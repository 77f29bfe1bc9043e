import { z } from 'zod';
import { ALL_LANGUAGES } from './constants.ts';

export const id = z.coerce.number().int().positive();
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
export const siteLink = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (/^\/(?!\/)/.test(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'invalid_format');
export const okValue = z.object({ ok: z.literal(true) });
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
