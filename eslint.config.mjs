// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** admin-web's resource folders. */
const ADMIN_WEB_RESOURCES = ['billing', 'dashboard', 'profile', 'signatures', 'users'];
/** Deliberate exceptions: the administrator edits a member with the same form the member sees. */
const ADMIN_WEB_SHARED_PARTS = { users: ['profile/ProfileForm'] };

/** One rule block per resource: no import of another resource's files, and none of pages/. */
function adminWebResourceBoundaries() {
  return ADMIN_WEB_RESOURCES.map((resource) => ({
    files: [`admin-web/src/${resource}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...ADMIN_WEB_RESOURCES.filter((other) => other !== resource).map((other) => `**/${other}/**`),
                '**/pages/**',
                ...(ADMIN_WEB_SHARED_PARTS[resource] ?? []).map((part) => `!**/${part}`),
              ],
              message:
                'admin-web resources do not import each other: move what they share to common/ (see eslint.config.mjs).',
            },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      '**/*.config.js',
      '**/*.config.mjs',
      '**/*.config.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // The two rules of hooks; a hook called conditionally or a stale dependency is a bug in either front end.
    files: ['admin-web/src/**/*.{ts,tsx}', 'sign-web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // admin-web's resources stand alone: what two of them share lives in common/ (or i18n/, pdf/, lists/,
  // layout/), and only the routes (pages/, App) and the data provider put resources together.
  ...adminWebResourceBoundaries(),
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
);
