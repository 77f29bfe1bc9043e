#!/usr/bin/env node
// Fails when a component of the player site's first screen uses a string its first download does not carry: the
// keys written in the modules main.tsx reaches by static imports (and by React.lazy outside lazyPage, which awaits
// the whole bundle) must lie under a path of apps/web/src/i18n/shell.ts, and every path there must exist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const web = new URL('../apps/web/src/', import.meta.url).pathname;
const shellSource = readFileSync(join(web, 'i18n/shell.ts'), 'utf8');
const list = shellSource.slice(shellSource.indexOf('SHELL_STRINGS = ['), shellSource.indexOf('] as const'));
const paths = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
const bundle = JSON.parse(readFileSync(join(web, 'i18n/locales/en/common.json'), 'utf8'));

let problems = 0;
for (const path of paths) {
  const found = path
    .split('.')
    .reduce((node, step) => (node && typeof node === 'object' ? node[step] : undefined), bundle);
  if (found === undefined) {
    console.error(`shell.ts: no strings at ${path}`);
    problems += 1;
  }
}

const covered = (key) => paths.some((path) => key === path || key.startsWith(`${path}.`));
const seen = new Set();
const queue = [join(web, 'main.tsx')];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const targets = [
    ...[...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)].map((match) => match[1]),
    ...[...source.matchAll(/\blazy\(\s*\(\)\s*=>\s*import\('(\.[^']+)'\)/g)].map((match) => match[1]),
  ];
  for (const target of targets) {
    const next = resolve(dirname(file), target);
    if (/\.tsx?$/.test(next) && existsSync(next)) queue.push(next);
  }
  const keys = [
    ...[...source.matchAll(/\bt\(\s*'([A-Za-z_][\w.]*)'/g)].map((match) => match[1]),
    // A key built from a template: its fixed beginning must be covered as a whole.
    ...[...source.matchAll(/\bt\(\s*`([A-Za-z_][\w.]*)\.\$\{/g)].map((match) => match[1]),
  ];
  for (const key of keys) {
    if (covered(key)) continue;
    console.error(
      `${file.slice(web.length)}: ${key} is not among the first screen's strings (i18n/shell.ts)`,
    );
    problems += 1;
  }
}
if (problems > 0) {
  console.error(`${problems} first-screen string problem(s)`);
  process.exit(1);
}
console.log(
  `first screen: ${seen.size} modules, their strings within ${paths.length} paths of i18n/shell.ts`,
);
