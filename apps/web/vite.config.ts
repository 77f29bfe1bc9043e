import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The platform server during development (apps/server listens on 8080 by default). */
const server = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  // Each file also written gzip and brotli compressed, which the server sends to browsers that take them.
  plugins: [react(), compression()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The site, and the house's game frames (/house/…, served by the server from house.html).
      input: { main: 'index.html', house: 'house.html' },
      treeshake: {
        // The contract's modules only declare schemas and constants: a page that imports a constant must not
        // bring along every schema (and zod) through the package's index.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
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
