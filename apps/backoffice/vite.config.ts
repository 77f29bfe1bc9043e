import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/backoffice/',
  // Each file also written gzip and brotli compressed, which the server sends to browsers that take them.
  plugins: [react(), compression()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            { name: 'contract', test: /(node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/backoffice/api': { target: server, changeOrigin: false },
      '/images': { target: server, changeOrigin: false },
    },
  },
});
