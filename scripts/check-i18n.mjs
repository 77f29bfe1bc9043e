#!/usr/bin/env node
// Fails when a translation key is missing from the English, Vietnamese or Chinese bundle of a front end,
// or when a bundle has an empty string.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const LANGUAGES = ['en', 'vi', 'zh'];
const flatten = (value, prefix = '') =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatten(child, `${prefix}${key}.`) : [[`${prefix}${key}`, child]],
  );

let problems = 0;
let checked = 0;
for (const app of ['apps/web', 'apps/backoffice']) {
  const localesDir = join(root, app, 'src/i18n/locales');
  if (!existsSync(localesDir)) {
    console.error(`${app}: no src/i18n/locales folder`);
    problems += 1;
    continue;
  }
  const namespaces = new Set(
    LANGUAGES.flatMap((lang) =>
      existsSync(join(localesDir, lang)) ? readdirSync(join(localesDir, lang)) : [],
    ),
  );
  for (const namespace of namespaces) {
    const bundles = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const file = join(localesDir, lang, namespace);
        return [
          lang,
          existsSync(file) ? new Map(flatten(JSON.parse(readFileSync(file, 'utf8')))) : new Map(),
        ];
      }),
    );
    const allKeys = new Set(LANGUAGES.flatMap((lang) => [...bundles[lang].keys()]));
    for (const key of allKeys) {
      checked += 1;
      for (const lang of LANGUAGES) {
        const value = bundles[lang].get(key);
        if (value === undefined) {
          console.error(`${app} ${lang}/${namespace}: missing key ${key}`);
          problems += 1;
        } else if (typeof value === 'string' && value.trim() === '') {
          console.error(`${app} ${lang}/${namespace}: empty text for ${key}`);
          problems += 1;
        }
      }
    }
  }
}
if (problems > 0) {
  console.error(`${problems} translation problem(s)`);
  process.exit(1);
}
console.log(`i18n: ${checked} keys present in ${LANGUAGES.join(', ')}`);
