/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
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
    '^@esign/pdf-signing$': '<rootDir>/../packages/pdf-signing/src/index.ts',
    '^@esign/pdf-signing/testing$': '<rootDir>/../packages/pdf-signing/src/testing/index.ts',
  },
  testTimeout: 60000,
  // pdfsig, pdftotext, qpdf, openssl and certutil: a missing one stops the run at once, naming its package.
  globalSetup: '<rootDir>/test/global-setup.ts',
};
