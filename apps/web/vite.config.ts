import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pickStrings, SHELL_STRINGS } from './src/i18n/shell.ts';

/** The platform server during development (apps/server listens on 8080 by default). */
const server = 'http://127.0.0.1:8080';

const SHELL_STRINGS_ID = 'virtual:shell-strings/';

/** `virtual:shell-strings/<language>`: the first screen's part of that language's common bundle (src/i18n/shell.ts). */
function shellStrings(): Plugin {
  return {
    name: 'tessera:shell-strings',
    resolveId: (id) => (id.startsWith(SHELL_STRINGS_ID) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${SHELL_STRINGS_ID}`)) return null;
      const language = id.slice(SHELL_STRINGS_ID.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No string bundle for ${language}`);
      const file = new URL(`./src/i18n/locales/${language}/common.json`, import.meta.url).pathname;
      this.addWatchFile(file);
      const shell = pickStrings(JSON.parse(readFileSync(file, 'utf8')), SHELL_STRINGS);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(shell))});`;
    },
  };
}

const REACT_ON_PREACT = '\0react-on-preact';

/**
 * `react` on the player site: preact/compat, plus a stand-in for the one React 19 export a library imports that
 * compat lacks. react-router imports `useOptimistic` for its data router's `RouterProvider` only; the site uses the
 * declarative router (`BrowserRouter`), so the stand-in is never called (nor bundled), and it fails loudly if it ever
 * is rather than behave unlike React. react-dom and the JSX runtimes are plain aliases (`resolve.alias` below).
 */
function reactOnPreact(): Plugin {
  return {
    name: 'tessera:react-on-preact',
    enforce: 'pre',
    resolveId: (id) => (id === 'react' ? REACT_ON_PREACT : null),
    load: (id) =>
      id === REACT_ON_PREACT
        ? [
            "import compat from 'preact/compat';",
            "export * from 'preact/compat';",
            'export function useOptimistic() {',
            "  throw new Error('useOptimistic is not in preact/compat: the player site uses the declarative router');",
            '}',
            'export default { ...compat, useOptimistic };',
          ].join('\n')
        : null,
  };
}

/**
 * React Aria builds a component's collection (the kit's combobox: the country-code picker) by rendering its items
 * through a portal into a stand-in document of its own (react-aria's `collections/Document`), made for react-dom's
 * calls. Preact 11 asks that document for `createElementNS` and removes a node with `remove()`, which the stand-in
 * lacks (Preact declined a fallback: preactjs/preact#5162); both are added here, each doing what the stand-in's own
 * `createElement` and `removeChild` do.
 *
 * React Aria's `createEventHandler` (behind every keyboard handler of its hooks: the combobox's Escape, arrows and
 * Enter) copies the event it is given with `{...e}`. React's synthetic event has its fields as its own properties, so
 * they are copied; Preact hands over the browser's own event, whose fields (`key`, `target`, …) are getters on its
 * prototype, which a spread skips: the handler saw no `key`. The copy is made here with `for…in`, which walks the
 * prototype's fields too, each method bound to the event. The build fails if a module no longer has what is patched.
 */
function reactAriaOnPreact(): Plugin {
  const COLLECTION_DOCUMENT = /[\\/]react-aria[\\/]dist[\\/]private[\\/]collections[\\/]Document\.mjs$/;
  const EVENT_HANDLER = /[\\/]react-aria[\\/]dist[\\/]private[\\/]interactions[\\/]createEventHandler\.mjs$/;
  return {
    name: 'tessera:react-aria-on-preact',
    transform(code, id) {
      if (EVENT_HANDLER.test(id)) {
        const spread = /\{\s*\.\.\.e,/;
        if (!spread.test(code))
          throw new Error(`react-aria's interactions/createEventHandler has no "{...e,"`);
        return [
          code.replace(spread, '{ ...tesseraEventFields(e),'),
          'function tesseraEventFields(e) {',
          '  const fields = {};',
          "  for (const key in e) fields[key] = typeof e[key] === 'function' ? e[key].bind(e) : e[key];",
          '  return fields;',
          '}',
        ].join('\n');
      }
      if (!COLLECTION_DOCUMENT.test(id)) return null;
      // Each method put into its class's body, before a method the class has; the build fails if one is gone.
      const add = (text: string, before: string, method: string) => {
        if (!text.includes(before))
          throw new Error(`react-aria's collections/Document has no "${before.trim()}"`);
        return text.replace(before, `${method}\n${before}`);
      };
      const withCreate = add(
        code,
        '    createElement(type) {',
        '    createElementNS(_namespace, type) { return this.createElement(type); }',
      );
      return add(
        withCreate,
        '    appendChild(child) {',
        '    remove() { if (this.parentNode) this.parentNode.removeChild(this); }',
      );
    },
  };
}

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * After a build, the repository's `.tmp/web-chunks.json` (not served, not committed): each script chunk's modules (their paths from the
 * repository's root) and the length of each one's code in it, from which bench/home-page.ts tells what home's first
 * download is made of.
 */
function chunkStats(): Plugin {
  return {
    name: 'tessera:chunk-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[file] = Object.fromEntries(
          Object.entries(chunk.modules).map(([id, module]) => [
            // Virtual modules (the shell strings, Vite's and Rolldown's helpers) by their name.
            id.startsWith('/') ? relative(ROOT, id) : id.replace(/^\0/, ''),
            module.renderedLength,
          ]),
        );
      }
      mkdirSync(`${ROOT}.tmp`, { recursive: true });
      writeFileSync(`${ROOT}.tmp/web-chunks.json`, JSON.stringify(chunks));
    },
  };
}

export default defineConfig({
  base: '/',
  // Preact (with its React compatibility layer) in place of React: the same components at a tenth of React's weight
  // (docs/architecture.md, "Benchmarks"). Each file also written gzip and brotli compressed, which the server sends to
  // browsers that take them.
  plugins: [
    preact({ reactAliasesEnabled: false }),
    reactOnPreact(),
    reactAriaOnPreact(),
    shellStrings(),
    compression(),
    chunkStats(),
  ],
  resolve: {
    alias: [
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The site, and the house's game frames (/house/…, served by the server from house.html).
      input: { main: 'index.html', house: 'house.html' },
      output: {
        // The libraries every screen runs from the first one, each in a file of its own that stays cached across
        // releases of the site's code. The others (TanStack Query's less used parts, the kit's Radix and React Aria,
        // react-hook-form, zod) stay with the chunks that use them, so nothing the first screen does not draw is
        // in its download.
        codeSplitting: {
          groups: [
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]|^\0react-on-preact$/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            // Not <Trans> (and the HTML parser it brings): only the registration form uses it.
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/](?!.*Trans)/ },
          ],
        },
      },
      treeshake: {
        // The contract's modules only declare schemas and constants: a page that imports a constant must not
        // bring along every schema (and zod) through the package's index.
        // Nor may the icons' index bring every icon (src/ui/icons.tsx).
        moduleSideEffects: (id) =>
          !/[\\/]packages[\\/]contract[\\/]/.test(id) && !/[\\/]src[\\/]ui[\\/]icons(\.tsx$|[\\/])/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/wps': server,
      '/lgw': server,
      // A regular expression, so that the /lottery page is not sent to the server.
      '^/lotto(/|$)': server,
      '/images': server,
      '/house/api': server,
      '/healthz': server,
      '/ws': { target: server, ws: true },
    },
  },
});
