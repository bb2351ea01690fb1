import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig } from 'vite';

// The server, and in `npm run dev` sign-web's dev server: one address for the whole product, as in production.
const api = process.env.ESIGN_API_URL ?? 'http://127.0.0.1:3000';
const signWeb = process.env.ESIGN_SIGN_WEB_URL;

/**
 * react-router's package exports name only its development build (with its warnings and checks), whatever
 * NODE_ENV says; a production bundle takes the production build it ships beside it.
 */
function reactRouterProductionBuild(): Alias[] {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
  return [
    { find: /^react-router$/, replacement: join(dist, 'production', 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'production', 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command, mode }) => ({
  base: '/',
  plugins: [react()],
  // amazon-cognito-identity-js pulls in the `buffer` 4.x polyfill, which reads Node's `global` at load time.
  define: { global: 'globalThis' },
  resolve: {
    alias: [
      {
        find: '@esign/shared',
        replacement: fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' && mode === 'production' ? reactRouterProductionBuild() : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': api,
      '/cognito': api,
      '/ug': api,
      ...(signWeb ? { '/sign': { target: signWeb, ws: true } } : {}),
    },
  },
}));
