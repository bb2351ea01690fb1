import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  // amazon-cognito-identity-js pulls in the `buffer` 4.x polyfill, which reads Node's `global` at load time.
  define: { global: 'globalThis' },
  resolve: {
    alias: {
      '@esign/shared': fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': api,
      '/cognito': api,
    },
  },
});
