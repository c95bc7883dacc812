import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './build/precompress.plugin';

const localeChunk = /\/src\/i18n\/locales\/(?:[\w-]+\/)?(\w+)\.json$/;

const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  // The server swaps this for a fresh nonce in every answer (Content-Security-Policy for emotion's
  // <style> tags); Vite also puts it on its own tags and on the `csp-nonce` meta the app reads.
  html: { cspNonce: '__LINEDESK_CSP_NONCE__' },
  // The server serves apps/web/dist with an SPA fallback; the manifest lets the benchmark see what
  // each page loads first.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk per language (its core file and every area's file), loaded only when shown.
          groups: [
            {
              name: (id) => {
                const language = localeChunk.exec(id)?.[1];
                return language ? `locale-${language}` : null;
              },
            },
          ],
        },
      },
    },
  },
  // Same-origin in dev too, so the session cookie and the Origin-based CSRF check behave as in production.
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
