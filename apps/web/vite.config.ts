import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
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
  // Each file also written gzip and brotli compressed, which the server sends to browsers that take them.
  plugins: [react(), shellStrings(), compression(), chunkStats()],
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
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
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
