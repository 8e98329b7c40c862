import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyEntry } from './build/early-entry.js';
import { precompress } from './build/precompress.js';
import { chunkPlan } from './build/chunk-plan.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = 'http://127.0.0.1:8080';
// The sign-in page's code in one chunk besides the entry's and the framework: a first visit's critical path.
const plan = chunkPlan({
  early: path.resolve(here, 'src/app/viewer-early.ts'),
  route: path.resolve(here, 'src/app/routes/login.tsx'),
});

const apiPaths = [
  '/user',
  '/tool',
  '/api',
  '/monitor',
  '/collection',
  '/hospital',
  '/report',
  '/template',
  '/patient',
  '/scanp',
  '/cert',
  '/duplicate',
  '/register',
  '/device',
  '/config',
  '/us',
  '/openapi.json',
  '/healthz',
];

export default defineConfig({
  root: here,
  base: '/rxpacs/',
  // The server sends the .br/.gz copies written at build time (server/src/web-static.ts).
  // The image viewer's early requests (src/app/viewer-early.ts) run from a small entry of their own.
  plugins: [react(), earlyEntry('viewer-early'), precompress(), plan.plugin],
  resolve: {
    alias: {
      '@shared': path.resolve(here, '../shared/src'),
      '@web': path.resolve(here, 'src'),
      // The image viewer (Cornerstone, through vtk.js) never reads XML meshes; the Node-only library they need stays out.
      xmlbuilder2: path.resolve(here, 'src/features/image-viewer/cornerstone/xmlbuilder2-stub.ts'),
    },
    // Cornerstone's metadata and utils each pin their own dcmjs: one copy (the project's) in the viewer's chunk.
    dedupe: ['dcmjs'],
  },
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(here, 'dist'),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page loads (tests/e2e/first-load.spec.ts checks the sign-in page's).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        index: path.resolve(here, 'index.html'),
        'viewer-early': path.resolve(here, 'src/app/viewer-early.ts'),
      },
      output: {
        // Only libraries every page uses (the login page included) get a long-cached chunk of their own; the
        // entry's modules and the sign-in page's come as one chunk each (web/build/chunk-plan.ts: on a slow link
        // the request count, not the bytes, is what costs); the rest splits by route.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]/,
            },
            // Not its dependencies as well: the early entry's modules are the initial ones' leaves and stay out.
            { name: 'initial', tags: ['$initial'], test: plan.initial, includeDependenciesRecursively: false },
            { name: 'sign-in', test: plan.route },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPaths.map((p) => [p, { target: api, changeOrigin: false }])),
      // The realtime socket (session ended); Host stays the page's, so the server's Origin check passes.
      '/realtime': { target: api, changeOrigin: false, ws: true },
      // The call screens' socket (its device key is the credential).
      '/websocket.ws': { target: api, changeOrigin: false, ws: true },
    },
  },
});
