// @vitest-environment node
import { type HtmlTagDescriptor } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadApp } from '../vite.config';

type Handler = (html: string, context: { bundle?: Record<string, unknown> }) => HtmlTagDescriptor[];

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  isEntry: fileName === 'assets/index.js',
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

/** The page's announcements for a build shaped like sign-web's: an entry, the app, the viewer, a language. */
function announced(entries: string[]): string[] {
  const plugin = preloadApp(entries);
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/sign/' });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', '/src/main.tsx', []),
    'assets/bootstrap.js': chunk(
      'assets/bootstrap.js',
      '/src/bootstrap.tsx',
      ['assets/i18n.js'],
      ['assets/app.css'],
    ),
    'assets/i18n.js': chunk('assets/i18n.js', null, []),
    'assets/PdfViewer.js': chunk(
      'assets/PdfViewer.js',
      '/src/components/viewer/PdfViewer.tsx',
      ['assets/i18n.js', 'assets/index.js'],
      ['assets/viewer.css'],
    ),
    'assets/de.js': chunk('assets/de.js', '/src/i18n/de.ts', []),
    'assets/app.css': { type: 'asset', fileName: 'assets/app.css' },
  };
  const handler = (plugin.transformIndexHtml as { handler: Handler }).handler;
  return handler('', { bundle }).map((tag) => `${String(tag.attrs?.rel)} ${String(tag.attrs?.href)}`);
}

describe("the signing page's announced loads", () => {
  it('announces the app and the viewer with what they import, once each, and not the entry nor the languages', () => {
    expect(announced(['/src/bootstrap.tsx', '/src/components/viewer/PdfViewer.tsx'])).toEqual([
      'modulepreload /sign/assets/bootstrap.js',
      'modulepreload /sign/assets/i18n.js',
      'modulepreload /sign/assets/PdfViewer.js',
      'preload /sign/assets/app.css',
      'preload /sign/assets/viewer.css',
    ]);
  });

  it('stops the build when an announced module has no chunk of its own', () => {
    expect(() => announced(['/src/bootstrap.tsx', '/src/Missing.tsx'])).toThrow(
      'No chunk for /src/Missing.tsx',
    );
  });
});
