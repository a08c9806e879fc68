import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { localeSplit } from './build/locale-split.ts';
import { precompress } from './build/precompress.ts';
import { precacheOnly } from './build/precache.ts';
import { routeChunkGroups } from './build/route-chunks.ts';
import { signedInHtml } from './build/signed-in-html.ts';

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;
// The folder this build writes (`--outDir` included), for the precache list read from its manifest.
let outDir = path.join(import.meta.dirname, 'dist');

export default defineConfig({
  plugins: [
    react(),
    localeSplit(import.meta.dirname),
    { name: 'out-dir', configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)) },
    tailwindcss(),
    signedInHtml(import.meta.dirname),
    // The service worker (src/sw/sw.ts, decision 023). The manifest is the server's (it names the
    // role's start page); the page registers the worker itself (lib/register-sw.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['sw.js', '**/*.map'],
        manifestTransforms: [precacheOnly(() => outDir)],
        // pdf.js and the like are not precached; the limit only keeps the shell honest.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  // A new build id tells the page it was updated (lib/register-sw.ts).
  define: { __APP_BUILD__: JSON.stringify(new Date().toISOString()) },
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
