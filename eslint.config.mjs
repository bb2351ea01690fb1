// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** admin-web's resource folders. */
const ADMIN_WEB_RESOURCES = ['billing', 'dashboard', 'profile', 'signatures', 'team', 'users'];
/** Deliberate exceptions: the administrator creates a member with the same form the member sees. */
const ADMIN_WEB_SHARED_PARTS = { users: { profile: ['./ProfileForm.tsx'] } };

/**
 * No admin-web resource imports another's files, nor pages/. The rule sees the file an import resolves to,
 * whether the import is static, a re-export or a dynamic `import()` (a lazily loaded page is an import too);
 * `no-restricted-imports` would see only the first two.
 */
function adminWebResourceBoundaries() {
  const message =
    'admin-web resources do not import each other: move what they share to common/ (see eslint.config.mjs).';
  const zones = ADMIN_WEB_RESOURCES.flatMap((resource) => [
    ...ADMIN_WEB_RESOURCES.filter((other) => other !== resource).map((other) => ({
      target: `./admin-web/src/${resource}`,
      from: `./admin-web/src/${other}`,
      except: ADMIN_WEB_SHARED_PARTS[resource]?.[other] ?? [],
      message,
    })),
    { target: `./admin-web/src/${resource}`, from: './admin-web/src/pages', message },
  ]);
  return {
    files: ['admin-web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}

/**
 * What each server module lets the others import: its surface. The rest of its files are its own. Growing a
 * surface is a decision made here, in review, not an import written in passing. The PDF and signature
 * engine is a package of its own (packages/pdf-signing), reached through its entry point only: its
 * `exports` map refuses any other path when the code runs, and this lint says so before (the server's
 * TypeScript, resolving as node10 does, reads no exports map).
 */
const SERVER_MODULE_SURFACES = {
  audit: ['audit.service.ts'],
  billing: ['billing-month.ts', 'billing.service.ts', 'metering.service.ts'],
  dashboard: [],
  documents: [
    'document-usage.port.ts',
    'documents.module.ts',
    'documents.service.ts',
    // The PDF processes and their queue, which every module's PDF work shares.
    'pdf/child-channel.ts',
    'pdf/pdf-sandbox.ts',
    'pdf/pdf-work-queue.ts',
    'pdf/process-pool.ts',
    'pdf/worker-bootstrap.ts',
    'templates/document-renderer.ts',
    'templates/template-content.ts',
  ],
  health: [],
  identity: ['cognito-admin.ts', 'identity-settings.ts', 'jwt.strategy.ts'],
  jobs: [
    'job-handler.decorator.ts',
    'job-queue.service.ts',
    'job-runtime.ts',
    'jobs.module.ts',
    'periodic-job.ts',
  ],
  metrics: ['http-metrics.ts', 'metrics.module.ts', 'metrics.service.ts'],
  notifications: [
    'console-delivery.ts',
    'delivery-error.ts',
    'ports.ts',
    'smtp-mailer.ts',
    'twilio-sms-sender.ts',
  ],
  outbox: ['outbox.service.ts'],
  pki: ['pki.module.ts'],
  platform: [],
  signatures: [
    'invitations.service.ts',
    'request-closing.port.ts',
    'signatory.entity.ts',
    'signature-access.ts',
    'signature-queries.service.ts',
    'signature-records.module.ts',
    'signature-request-store.ts',
    'signature-statistics.ts',
    'signature-request.entity.ts',
    'signatures.module.ts',
    'signing-link-keys.ts',
  ],
  signing: ['pdf-work/signing-texts.ts', 'signing-rate-limit.ts'],
  storage: ['content-disposition.ts', 'object-storage.port.ts', 'storage-errors.ts'],
  users: [
    'auth.guard.ts',
    'authenticated-user.ts',
    'avatar-keys.ts',
    'current-user.decorator.ts',
    'staff-requests.port.ts',
    'user.entity.ts',
    'users.service.ts',
  ],
  // What a PDF process runs to read a file's signatures for the verification.
  verification: ['signature-report.ts'],
};

/** How import-x reads imports: TypeScript sources, resolved as Node resolves them after compiling. */
const importResolution = {
  files: ['**/*.ts', '**/*.tsx'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    // Imported files are parsed as TypeScript too, or their own imports would go unseen.
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
};

/** No server module imports another's files outside its surface; common/ imports no module at all. */
function serverModuleBoundaries() {
  const modules = Object.keys(SERVER_MODULE_SURFACES);
  const others = (module) => modules.filter((other) => other !== module);
  return {
    files: ['server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...modules.map((module) => ({
              target: others(module).map((other) => `./server/src/modules/${other}`),
              from: `./server/src/modules/${module}`,
              except: SERVER_MODULE_SURFACES[module].map((file) => `./${file}`),
              message: `outside the ${module} module's surface: use what it exports, or widen its surface in eslint.config.mjs.`,
            })),
            {
              target: './server/src/common',
              from: './server/src/modules',
              message: 'common/ is below the modules: it imports none of them.',
            },
            {
              target: './server',
              from: './packages/pdf-signing',
              // What the package's entry points resolve to once built.
              except: ['./dist/index.js', './dist/testing/index.js'],
              message:
                "the PDF engine is reached through '@esign/pdf-signing' (or '/testing' in tests) only.",
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@esign/pdf-signing/*', '!@esign/pdf-signing/testing'],
              message:
                "the PDF engine is reached through '@esign/pdf-signing' (or '/testing' in tests) only.",
            },
            {
              group: ['@peculiar/*', 'asn1js', 'pkijs'],
              message:
                'CMS, certificates and PKCS#12 belong to the PDF engine (packages/pdf-signing): call it.',
            },
          ],
        },
      ],
    },
  };
}

/** The engine stands alone: no framework, no database, nothing of the server or the front ends. */
const engineBoundaries = {
  files: ['packages/pdf-signing/src/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@nestjs/*',
              'typeorm',
              '@esign/server',
              '**/server/**',
              '**/admin-web/**',
              '**/sign-web/**',
            ],
            message:
              'the PDF engine knows no framework, database or application: the server calls it, not the reverse.',
          },
        ],
      },
    ],
  },
};

/**
 * The API client is what every driver of the product loads (the server's API tests, the benchmarks, the
 * browser journeys): global `fetch` and the shared contracts, nothing of the server, a front end, the engine,
 * a framework or another HTTP library.
 */
const apiClientBoundaries = {
  files: ['packages/api-client/src/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@nestjs/*',
              'typeorm',
              'supertest',
              'axios',
              'undici',
              'node-fetch',
              '@esign/server',
              '@esign/pdf-signing',
              '**/server/**',
              '**/admin-web/**',
              '**/sign-web/**',
            ],
            message:
              'the API client is framework-free: global fetch and @esign/shared, so that every driver can load it.',
          },
        ],
      },
    ],
  },
};

/** No import cycle anywhere (type-only imports aside: they vanish when compiled). */
const noImportCycles = {
  files: [
    'server/src/**/*.ts',
    'packages/*/src/**/*.ts',
    'admin-web/src/**/*.{ts,tsx}',
    'sign-web/src/**/*.{ts,tsx}',
  ],
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

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
  importResolution,
  // admin-web's resources stand alone: what two of them share lives in common/ (or i18n/, pdf/, lists/,
  // layout/), and only the routes (pages/, App, BackOffice) and the data provider put resources together.
  adminWebResourceBoundaries(),
  serverModuleBoundaries(),
  engineBoundaries,
  apiClientBoundaries,
  noImportCycles,
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
        setInterval: 'readonly',
        clearInterval: 'readonly',
        AbortSignal: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
  },
);
