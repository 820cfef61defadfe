/**
 * Vite build of the nlq web app (spec 1.10). `npm run build:web` writes apps/web/dist; `npm run dev:web` serves it.
 *
 * API base (spec 1.10): http://localhost:8000 while developing (`vite` serve), the same origin in a production build
 * (the api serves the app, and the app's paths already start with /api). VITE_API_BASE overrides both, e.g.
 * VITE_API_BASE=https://nlq.example.com npm run build:web for a web app served apart from the api.
 * The value is injected as the global constant __NLQ_API_BASE__ (see src/config.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, root, 'VITE_');
  const fromEnv = process.env.VITE_API_BASE ?? env.VITE_API_BASE;
  const apiBase = fromEnv !== undefined ? fromEnv : command === 'serve' ? 'http://localhost:8000' : '';
  return {
    root,
    plugins: [react()],
    define: { __NLQ_API_BASE__: JSON.stringify(apiBase.replace(/\/+$/, '')) },
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 700 },
    server: { port: 5173 },
    preview: { port: 4173 },
  };
});
