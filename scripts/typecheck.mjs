#!/usr/bin/env node
// `npm run typecheck`: TypeScript (strict) on every workspace, each file as `tsc -p <workspace>` checks it, in fewer
// programs. Each `tsc -p` parsed and bound the libraries, @types/node and the sources a workspace imports from another
// (the server's in bench and e2e, the packages' in every app) again; here the workspaces of one group, whose
// tsconfig.json resolve to the same compiler options, are one program, so what they share is read and checked once.
// A group whose members' options differ is refused, so a workspace is never checked with another's options. Only
// workspaces whose global declarations cannot change another's checks share a program: bench already imports e2e's
// files (and with them their `declare global`), the sandboxes import only node:, the packages declare only the
// `oddslib` module that only sportsbook imports. Apart although their options are equal: web and backoffice (web's
// `declare module 'i18next'` would type backoffice's keys), the server and the sandboxes (the server's tests bring
// vite's `ImportMeta` globals). Two groups at a time, the largest first. `tsc -p <workspace>` still checks one
// workspace alone (editors, test:quick).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

const GROUPS = [
  ['apps/server'],
  ['e2e', 'bench'],
  ['apps/backoffice'],
  ['apps/web'],
  [
    'packages/contract',
    'packages/house-games',
    'packages/lottery',
    'packages/sportsbook',
    'packages/tab-session',
  ],
  ['packages/ui'],
  ['sandbox/payment-gateway', 'sandbox/game-provider', 'sandbox/sms-gateway', 'sandbox/chatwoot'],
];

/** A workspace's tsconfig.json as tsc -p reads it. */
function parse(workspace) {
  const file = join(ROOT, workspace, 'tsconfig.json');
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic]) };
  return ts.getParsedCommandLineOfConfigFile(file, {}, host);
}

const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};
function report(diagnostics) {
  if (diagnostics.length === 0) return;
  // As tsc prints them: with colours and the code around each error on a terminal, one line each otherwise.
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(format(diagnostics, formatHost));
}

/** The options that decide how a file is checked (the config file's own path differs by workspace). */
function comparable(options) {
  const { configFilePath: _path, configFile: _file, pathsBasePath: _base, ...rest } = options;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** Checks one group in this process; answers the exit code. */
function checkGroup(workspaces) {
  const parsed = workspaces.map(parse);
  const errors = parsed.flatMap((one) => one.errors);
  const first = comparable(parsed[0].options);
  const differing = workspaces.filter((_, i) => comparable(parsed[i].options) !== first);
  if (differing.length > 0) {
    console.error(
      `scripts/typecheck.mjs: ${differing.join(', ')} resolve to other compiler options than ${workspaces[0]}; ` +
        'give them their own group',
    );
    return 2;
  }
  const program = ts.createProgram({
    rootNames: [...new Set(parsed.flatMap((one) => one.fileNames))],
    options: parsed[0].options,
    configFileParsingDiagnostics: errors,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  report([...errors, ...diagnostics]);
  const count = errors.length + diagnostics.length;
  const files = program.getSourceFiles().filter((file) => !file.fileName.includes('/node_modules/')).length;
  console.log(
    `typecheck ${workspaces.join(' ')}: ${files} files of ours, ${count === 0 ? 'no errors' : `${count} error${count === 1 ? '' : 's'}`}`,
  );
  return count === 0 ? 0 : 1;
}

const groupArg = process.argv.indexOf('--group');
// TypeScript is loaded only by the processes that check (the parent only starts them).
const ts = groupArg >= 0 ? (await import('typescript')).default : null;
if (groupArg >= 0) process.exit(checkGroup(GROUPS[Number(process.argv[groupArg + 1])]));

// Every workspace with a tsconfig.json (package.json's, and the sandboxes) is in a group: none is left unchecked.
const workspaces = [
  ...JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces,
  ...readdirSync(join(ROOT, 'sandbox')).map((name) => `sandbox/${name}`),
].filter((workspace) => existsSync(join(ROOT, workspace, 'tsconfig.json')));
const ungrouped = workspaces.filter((workspace) => !GROUPS.flat().includes(workspace));
if (ungrouped.length > 0) {
  console.error(`scripts/typecheck.mjs: ${ungrouped.join(', ')} in no group: add them to GROUPS`);
  process.exit(2);
}

// Two groups at a time, each in a process of its own.
const queue = GROUPS.map((_, index) => index);
let failed = false;
async function lane() {
  for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [relative(ROOT, import.meta.filename), '--group', String(index)],
        {
          cwd: ROOT,
          stdio: 'inherit',
        },
      );
      child.on('close', resolve);
    });
    if (code !== 0) failed = true;
  }
}
await Promise.all([lane(), lane()]);
process.exit(failed ? 1 : 0);
