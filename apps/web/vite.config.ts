import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { precompress } from './build/precompress.ts';
import { routeChunkGroups } from './build/route-chunks.ts';
import { signedInHtml } from './build/signed-in-html.ts';

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), signedInHtml(path.join(import.meta.dirname, 'src/app/layouts/main-layout.tsx')), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': api, '/company_api': api, '/socket.io': { target: api, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: routeChunkGroups(import.meta.dirname) },
      },
    },
  },
});
