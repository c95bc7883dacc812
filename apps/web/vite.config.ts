import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadChunkGroups } from './build/first-load-chunks.ts';
import { localeSplitPlugin } from './build/locale-split.plugin.ts';
import { precompressPlugin } from './build/precompress.plugin.ts';
// By path: Vite loads its config with node, which leaves workspace packages (TypeScript source) to
// node_modules and cannot run them.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/shared/src/page-contract.ts';

// `locales/<language>.json?part=first` (what the sign-in page shows), the rest of the core file
// (`?part=rest`), or an area's file `locales/<area>/<language>.json` in two parts: what the signed-in
// shell and the dashboard show (`?part=shell`) and what only other pages do (`?part=pages`).
const localeChunk = /\/src\/i18n\/locales\/(?:[\w-]+\/)?(\w+)\.json\?part=(first|rest|shell|pages)$/;

function localeChunkName(id: string): string | null {
  const match = localeChunk.exec(id);
  if (!match) return null;
  const [, language, part] = match;
  if (part === 'first') return `locale-${language}`;
  return part === 'pages' ? `locale-pages-${language}` : `locale-rest-${language}`;
}

// What every signed-in page needs after the entry: see build/first-load-chunks.ts.
const firstLoadGroups = firstLoadChunkGroups([
  /\/src\/routes\/router\.tsx$/,
  /\/src\/routes\/dashboard-shell\.tsx$/,
  /\/src\/lib\/page-providers\.tsx$/,
  /\/src\/i18n\/later-texts\.ts$/,
  /\/src\/features\/dashboard\/pages\/dashboard-home-page\.tsx$/,
]);

const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: false } };

/**
 * In dev, `/my` and `/my/*` get the customer portal's page as the server sends them in production
 * (`platform/web-app.ts`); the portal is built on its own (vite.portal.config.ts).
 */
function portalPagePlugin(): Plugin {
  return {
    name: 'linedesk-portal-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/my(?:[/?]|$)/.test(request.url)) request.url = '/portal.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), localeSplitPlugin(), precompressPlugin(), portalPagePlugin()],
  // The server swaps this for a fresh nonce in every answer (Content-Security-Policy for emotion's
  // <style> tags); Vite also puts it on its own tags and on the `csp-nonce` meta the app reads.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // The server serves apps/web/dist with an SPA fallback; the manifest lets the benchmark see what
  // each page loads first.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The entry chunk is large on purpose (first-load-chunks.ts: the sign-in page with React, MUI's
    // core, the theme and i18n in one file, about 505 kB, 162 kB gzip); its size is held by the
    // first-load targets in bench/, so Vite's 500 kB warning on every build says nothing new. Any
    // other chunk beyond this limit still warns.
    chunkSizeWarningLimit: 560,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Three chunks per language, loaded only when shown: the sign-in page's texts, the rest of what
          // the dashboard shows, and the other pages' texts. Then the two chunks of the first pages.
          groups: [{ name: localeChunkName, debugName: 'locale', priority: 3 }, ...firstLoadGroups],
        },
      },
    },
  },
  // Same-origin in dev too, so the session cookie and the Origin-based CSRF check behave as in production.
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
