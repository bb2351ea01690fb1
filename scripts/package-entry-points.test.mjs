// The workspace packages' entry points, as their `exports` maps declare them: each entry loads, from
// CommonJS (the server, its worker threads, the benchmarks) and from an ES module (the journeys), and any
// other path into a package is refused by Node itself. Needs the packages built (`npm run build:packages`).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

// Resolved as the server resolves them.
const require = createRequire(new URL('../server/package.json', import.meta.url));

const ENTRY_POINTS = {
  '@esign/shared': 'TEMPLATE_DEFINITIONS',
  '@esign/api-client': 'ApiClient',
  '@esign/pdf-signing': 'signPdf',
  '@esign/pdf-signing/testing': 'checkSignedPdf',
};

const REFUSED = [
  '@esign/shared/dist/index.js',
  '@esign/shared/dist/templates',
  '@esign/shared/package.json',
  '@esign/api-client/dist/http.js',
  '@esign/api-client/src/index.ts',
  '@esign/pdf-signing/dist/pades/pdf-syntax',
  '@esign/pdf-signing/dist/index.js',
  '@esign/pdf-signing/src/index.ts',
  '@esign/pdf-signing/testing/package.json',
];

describe("the workspace packages' entry points", () => {
  for (const [name, exported] of Object.entries(ENTRY_POINTS)) {
    it(`loads ${name} with require and import`, async () => {
      assert.notEqual(require(name)[exported], undefined);
      assert.notEqual((await import(name))[exported], undefined);
    });
  }

  it('refuses every other path into a package', async () => {
    for (const path of REFUSED) {
      assert.throws(() => require.resolve(path), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }, path);
      await assert.rejects(import(path), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }, path);
    }
  });
});
