#!/usr/bin/env node
// The production build (`npm run build:server`): one ES module, dist/main.js, run with plain `node` (no tsx, no
// type-stripping at start). The workspace packages (@tessera/*, TypeScript sources) are bundled in; every other
// package stays an import of node_modules, as are its native parts (argon2, sharp) and PGlite's WebAssembly files.
// The files the server reads beside its code (migrations, the common-passwords list, the flags of flag-icons) are
// read where they are: each `import.meta.url` of a source file becomes that file's own address, relative to dist/,
// so the source tree stays the one copy of them.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@tessera/'));

/** `import.meta.url` in a server source file: the address that file has in the source tree, seen from dist/. */
const sourceAddresses = {
  name: 'source-addresses',
  setup(builder) {
    builder.onLoad({ filter: /apps\/server\/src\/.*\.ts$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const path = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(path)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

const { outputFiles } = await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  plugins: [sourceAddresses],
  // Packages bundled in may still call require() (CommonJS inside an ES module): give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  write: false,
});
// Each file replaced whole (written beside, then renamed over): a server starting meanwhile, or a second build at
// the same time (two test files), never reads half a file.
mkdirSync(outdir, { recursive: true });
for (const file of outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
