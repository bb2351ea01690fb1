const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.spec\\.ts$',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          // The ASN.1 schemas are classes with decorators.
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
  },
  // The workspace's shared package, from its sources (this repository's packages/shared).
  moduleNameMapper: {
    '^@esign/shared$': path.join(__dirname, '..', '..', 'packages', 'shared', 'src', 'index.ts'),
  },
  testTimeout: 60000,
  // pdfsig, pdftotext, qpdf, openssl and certutil: a missing one stops the run at once, naming its package.
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
};
