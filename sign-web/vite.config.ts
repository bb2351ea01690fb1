import { fileURLToPath } from 'node:url';
import { type HtmlTagDescriptor, type Plugin, defineConfig } from 'vite';

/**
 * The app's code and the document viewer's are imported by the entry once it has started the signing page's
 * loads (src/main.tsx), so the browser would only ask for them after the entry arrived and ran: announced in
 * the page, they are fetched alongside the entry instead, and run as soon as the entry imports them. The
 * viewer (pdf.js's display layer) is on the way to the signing page's first paint; the other pages (the
 * verification, the terms) fetch it too, once: it is kept a year.
 */
export function preloadApp(entries: string[]): Plugin {
  let base = '/';
  return {
    name: 'esign-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const roots = entries.map((entry) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(entry));
          if (!chunk) throw new Error(`No chunk for ${entry}`);
          return chunk;
        });
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk || files.has(fileName) || chunk.isEntry) return;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        for (const root of roots) visit(root.fileName);
        const tags: HtmlTagDescriptor[] = [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
        for (const css of styles) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', href: `${base}${css}` },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

/**
 * A module that reaches React or React DOM's own files past the aliases below (a new import path, a
 * dependency with a copy of its own) would bring a second renderer into the page: the build stops instead.
 */
export function preactOnly(): Plugin {
  const react = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
  return {
    name: 'esign-preact-only',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const found = Object.keys(output.modules).find((id) => react.test(id));
        if (found) this.error(`${output.fileName} holds ${found}: React's runtime instead of Preact's`);
      }
    },
  };
}

export default defineConfig({
  base: '/sign/',
  plugins: [preloadApp(['/src/bootstrap.tsx', '/src/components/viewer/PdfViewer.tsx']), preactOnly()],
  resolve: {
    // The page is written against React's API (and typed with it); it runs on Preact's compatibility layer,
    // react-pdf included: about 10 KB of renderer instead of React DOM's 60 KB before the first page, and
    // less to compile on a phone (docs/decisions/0006-signing-page-stack.md). One copy for the app and react-pdf.
    alias: [
      {
        find: '@esign/shared',
        replacement: fileURLToPath(new URL('../packages/shared/src/index.ts', import.meta.url)),
      },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The viewer chunk is pdf.js's display layer (about 650 kB), loaded only when a document is shown.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // react-pdf's modules open with 'use client', a marker for server-rendering frameworks that means
      // nothing in a page built for the browser alone: not worth a notice on every build.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': process.env.ESIGN_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
