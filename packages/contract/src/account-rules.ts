import { type TranslatedLanguage, toTranslatedLanguage } from './errors.ts';

/**
 * Account rules shared by the server's checks and the forms of the player site. This module builds no schema, so
 * a page can import it without zod.
 */

/** Password rule of issue 4: 8 to 64 characters, and not one of the most common passwords (checked by the server). */
export const PASSWORD_RULE = { minLength: 8, maxLength: 64 } as const;
const SMS_PURPOSES = ['register', 'login', 'resetPassword', 'bindMobile'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_MAX_TRIES = 5;

/** Member types (isAgent of §3): 0 member, 1/2/41/42 agents, 4 trial (demo) account. */
export const MEMBER_TYPES = { member: 0, agent: 1, subAgent: 2, trial: 4, agent41: 41, agent42: 42 } as const;

/**
 * Field messages of the registration rules by patternId (§5). "(min)-(max)" becomes a single number when min
 * equals max; then (min) and (max) are filled in.
 */
const REGISTER_PATTERN_MESSAGES: Record<number, Record<TranslatedLanguage, string>> = {
  0: { EN: '(min)-(max) characters', VI: '(min)-(max) ký tự', CN: '(min)-(max) 个字符' },
  1: {
    EN: '(min)-(max) characters, starting with a letter, letters and digits only',
    VI: '(min)-(max) ký tự, bắt đầu bằng chữ cái, chỉ gồm chữ và số',
    CN: '(min)-(max) 个字符，以字母开头，仅限字母和数字',
  },
  2: {
    EN: '(min)-(max) characters, letters or Chinese characters only',
    VI: '(min)-(max) ký tự, chỉ gồm chữ cái hoặc chữ Hán',
    CN: '(min)-(max) 个字符，仅限字母或汉字',
  },
  3: {
    EN: 'A valid email address of (min)-(max) characters',
    VI: 'Địa chỉ email hợp lệ gồm (min)-(max) ký tự',
    CN: '(min)-(max) 个字符的有效邮箱地址',
  },
  4: {
    EN: '(min)-(max) letters and digits, no special characters',
    VI: '(min)-(max) chữ cái và số, không có ký tự đặc biệt',
    CN: '(min)-(max) 个字母和数字，不含特殊字符',
  },
  5: {
    EN: '(min)-(max) characters with both letters and digits',
    VI: '(min)-(max) ký tự gồm cả chữ cái và số',
    CN: '(min)-(max) 个字符，须同时包含字母和数字',
  },
  6: { EN: '(min)-(max) digits', VI: '(min)-(max) chữ số', CN: '(min)-(max) 位数字' },
  7: {
    EN: '(min)-(max) letters and digits with at least one capital letter',
    VI: '(min)-(max) chữ cái và số, có ít nhất một chữ in hoa',
    CN: '(min)-(max) 个字母和数字，至少一个大写字母',
  },
  8: {
    EN: '(min)-(max) characters, English letters and spaces only',
    VI: '(min)-(max) ký tự, chỉ gồm chữ cái tiếng Anh và khoảng trắng',
    CN: '(min)-(max) 个字符，仅限英文字母和空格',
  },
  9: {
    EN: '(min)-(max) characters without spaces',
    VI: '(min)-(max) ký tự, không có khoảng trắng',
    CN: '(min)-(max) 个字符，不含空格',
  },
  10: {
    EN: '(min)-(max) Chinese characters and punctuation',
    VI: '(min)-(max) chữ Hán và dấu câu',
    CN: '(min)-(max) 个汉字和标点',
  },
  11: {
    EN: '(min)-(max) characters, letters and spaces only',
    VI: '(min)-(max) ký tự, chỉ gồm chữ cái và khoảng trắng',
    CN: '(min)-(max) 个字符，仅限字母和空格',
  },
  12: {
    EN: '(min)-(max) characters, at least two letters, letters and spaces only',
    VI: '(min)-(max) ký tự, ít nhất hai chữ cái, chỉ gồm chữ cái và khoảng trắng',
    CN: '(min)-(max) 个字符，至少两个字母，仅限字母和空格',
  },
};

/** The message of a registration rule (§5), as the server sends it in `fields` and the form shows it. */
export function registerRuleMessage(
  rule: { patternId: number; minLength: number; maxLength: number },
  language: string | undefined,
): string {
  const texts = REGISTER_PATTERN_MESSAGES[rule.patternId] ?? REGISTER_PATTERN_MESSAGES[0];
  const text = (texts as Record<TranslatedLanguage, string>)[toTranslatedLanguage(language)];
  const ranged =
    rule.minLength === rule.maxLength ? text.replace('(min)-(max)', String(rule.minLength)) : text;
  return ranged.replace('(min)', String(rule.minLength)).replace('(max)', String(rule.maxLength));
}

/**
 * The captcha's id, which GET /wps/captcha sends in this header and this cookie (HttpOnly, for the original's
 * client, which reads only the image and sends only the answer).
 */
export const CAPTCHA_ID_HEADER = 'Captcha-Id';
export const CAPTCHA_COOKIE = 'captchaId';
