import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeSplitPlugin } from './build/locale-split.plugin.ts';
import { precompressPlugin } from './build/precompress.plugin.ts';
// By path, as vite.config.ts does: Vite loads its config with node.
import { CSP_NONCE_PLACEHOLDER } from '../../packages/shared/src/page-contract.ts';

/** `locales/[<area>/]<language>.json?part=portal`: one chunk of texts per language. */
const portalLocale = /\/src\/i18n\/locales\/(?:[\w-]+\/)?(\w+)\.json\?part=portal$/;

/**
 * The customer portal (`/my`, `portal.html`, `src/portal/`): a build of its own after the panel's
 * (`npm run build`), into the same `dist`. In one build with the panel, the panel's first-load group
 * (`core`, every entry's initial modules) would hold both entries' code, and the portal's phone would
 * download the panel's MUI and router. Its own manifest, beside the panel's, names its files for the
 * server (the texts' chunk to preload) and the benchmark.
 */
export default defineConfig({
  plugins: [react(), localeSplitPlugin(), precompressPlugin()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/portal-manifest.json',
    rolldownOptions: {
      input: 'portal.html',
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id: string) => {
                const language = portalLocale.exec(id)?.[1];
                return language ? `portal-locale-${language}` : null;
              },
              debugName: 'portal-locale',
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
