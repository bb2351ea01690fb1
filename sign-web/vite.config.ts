import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/sign/',
  plugins: [react()],
  resolve: {
    alias: {
      '@esign/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The viewer chunk is pdf.js's display layer (about 650 kB), loaded only when a document is shown.
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': process.env.ESIGN_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
