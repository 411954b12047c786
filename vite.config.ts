import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/vite-service-worker';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  plugins: [
    react(),
    tailwindcss(),
    serviceWorker({
      source: 'src/client/service-worker.js',
      // The podcast feeds' artwork: for podcast apps, never shown by the app itself.
      skipPublic: ['icons/podcast-artwork.png'],
    }),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The app, and the embeddable player other sites frame: a page of its own, without React (src/client/embed).
      input: {
        index: path.resolve(import.meta.dirname, 'src/client/index.html'),
        embed: path.resolve(import.meta.dirname, 'src/client/embed.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/share-target': apiTarget,
      // The server writes the embed's page; its script (/embed/main.ts) comes from here.
      '^/embed/posts/': apiTarget,
    },
  },
});
