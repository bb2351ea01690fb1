// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { preactOnly } from '../vite.config';

type GenerateBundle = (this: { error(message: string): never }, options: unknown, bundle: unknown) => void;

function check(modules: string[]): void {
  const hook = preactOnly().generateBundle as GenerateBundle;
  const bundle = {
    'assets/app.js': {
      type: 'chunk',
      fileName: 'assets/app.js',
      modules: Object.fromEntries(modules.map((id) => [id, {}])),
    },
    'assets/app.css': { type: 'asset', fileName: 'assets/app.css' },
  };
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  hook.call(context, {}, bundle);
}

describe("the build's Preact-only guard", () => {
  it('lets a bundle on Preact through', () => {
    expect(() =>
      check([
        '/app/node_modules/preact/compat/dist/compat.module.js',
        '/app/node_modules/react-pdf/dist/Document.js',
        '/app/sign-web/src/App.tsx',
      ]),
    ).not.toThrow();
  });

  it.each([
    '/app/node_modules/react/cjs/react.production.js',
    '/app/node_modules/react-dom/cjs/react-dom-client.production.js',
    '/app/node_modules/scheduler/cjs/scheduler.production.js',
    'C:\\app\\node_modules\\react-dom\\index.js',
  ])('stops a bundle holding %s', (id) => {
    expect(() => check(['/app/node_modules/preact/dist/preact.module.js', id])).toThrow(
      /assets\/app\.js holds .*React's runtime instead of Preact's/,
    );
  });
});
