const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testRegex: '\\.spec\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  // The workspace's shared package, from its sources.
  moduleNameMapper: {
    '^@esign/shared$': path.join(__dirname, '..', 'shared', 'src', 'index.ts'),
  },
};
