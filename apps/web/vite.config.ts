import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiProxy = { '/api': { target: 'http://localhost:8080', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  // The server serves apps/web/dist with an SPA fallback.
  build: { outDir: 'dist', emptyOutDir: true },
  // Same-origin in dev too, so the session cookie and the Origin-based CSRF check behave as in production.
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
