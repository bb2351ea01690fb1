const EMBEDDED_DIFFERENCES = Object.keys(require('./test/embedded-differences.js'));

/** @type {import('jest').Config} */
const project = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|api-spec)\\.ts$',
  // otplib (embedded user pool) and jose (jwks-rsa) are ESM-only; compile them to CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(@scure|@otplib|otplib|@noble|jose)/)'],
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
  },
  moduleNameMapper: {
    '^@esign/shared$': '<rootDir>/../packages/shared/src/index.ts',
    '^@esign/api-client$': '<rootDir>/../packages/api-client/src/index.ts',
    '^@esign/pdf-signing$': '<rootDir>/../packages/pdf-signing/src/index.ts',
    '^@esign/pdf-signing/testing$': '<rootDir>/../packages/pdf-signing/src/testing/index.ts',
  },
  // pdfsig, pdftotext, qpdf, openssl and certutil: a missing one stops the run at once, naming its package.
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 60000,
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * With DATABASE_URL set, every test runs on that server (and on Redis with REDIS_URL), and the API tests of
 * behaviours that differ on the embedded defaults run a second time without either (test/embedded-differences.js),
 * in the same run so that both share the workers. Without it, everything runs once on the embedded defaults.
 */
module.exports = {
  testTimeout: 60000,
  projects: process.env.DATABASE_URL
    ? [
        { ...project, displayName: 'postgresql' },
        {
          ...project,
          displayName: 'embedded',
          roots: ['<rootDir>/test'],
          testRegex: `/test/(${EMBEDDED_DIFFERENCES.map(escape).join('|')})$`,
          setupFiles: ['<rootDir>/test/support/embedded-defaults.ts'],
        },
      ]
    : [{ ...project, displayName: 'embedded' }],
};
