import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/share-target': apiTarget },
  },
});
