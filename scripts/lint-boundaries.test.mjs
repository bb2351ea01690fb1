// The lint's module boundaries, checked on the real configuration: a deliberate reach-in fails, the
// allowed imports pass. Run by `npm test`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
]);

const root = join(import.meta.dirname, '..');
const serverRequire = createRequire(join(root, 'server', 'package.json'));
// The real configuration, run for its boundary rules only: none of them needs type information, so the
// TypeScript program the typed rules build is never made.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
});

/** The boundary errors the lint finds in an existing file with `importLine` added at its top. */
async function boundaryErrors(file, importLine) {
  const source = readFileSync(join(root, file), 'utf8');
  const [result] = await eslint.lintText(`${importLine}\n${source}`, { filePath: join(root, file) });
  return result.messages.filter((message) => BOUNDARY_RULES.has(message.ruleId));
}

describe('the lint keeps admin-web resources apart', () => {
  it('fails on a resource reaching into another, or into the routes', async () => {
    const reachIn = await boundaryErrors(
      'admin-web/src/billing/CostsPage.tsx',
      "import '../signatures/details/DocumentPreview';",
    );
    assert.equal(reachIn.length, 1);
    assert.match(reachIn[0].message, /move what they share to common/);
    const route = await boundaryErrors(
      'admin-web/src/dashboard/StatCard.tsx',
      "import '../pages/auth/LoginPage';",
    );
    assert.equal(route.length, 1);
  });

  it('fails on a dynamic import, a type import or a re-export from another resource', async () => {
    for (const line of [
      "void import('../signatures/details/DocumentPreview');",
      "const page = lazyPage(() => import('../profile/ProfilePage').then((m) => m.ProfilePage));",
      "import { type SignatureDetailsResult } from '../signatures/details/useSignatureDetails';",
      "export { DocumentPreview } from '../signatures/details/DocumentPreview';",
    ]) {
      const errors = await boundaryErrors('admin-web/src/billing/CostsPage.tsx', line);
      assert.equal(errors.length, 1, line);
      assert.match(errors[0].message, /move what they share to common/, line);
    }
  });

  it('lets resources use common parts, and the one shared form', async () => {
    assert.deepEqual(
      await boundaryErrors('admin-web/src/billing/CostsPage.tsx', "import '../common/formatting';"),
      [],
    );
    assert.deepEqual(
      await boundaryErrors('admin-web/src/users/UserCreate.tsx', "import '../profile/ProfileForm';"),
      [],
    );
    assert.deepEqual(
      await boundaryErrors('admin-web/src/users/UserCreate.tsx', "void import('../profile/ProfileForm');"),
      [],
    );
    // The rest of the profile resource stays its own.
    assert.equal(
      (await boundaryErrors('admin-web/src/users/UserCreate.tsx', "import '../profile/ProfilePage';")).length,
      1,
    );
  });

  it('lets the back office put resources together', async () => {
    assert.deepEqual(
      await boundaryErrors(
        'admin-web/src/BackOffice.tsx',
        "void import('./signatures/details/DocumentPreview');",
      ),
      [],
    );
  });
});

describe('the lint keeps server modules to their surfaces', () => {
  it("fails on a module reaching past another's surface, or into the engine's insides", async () => {
    const reachIn = await boundaryErrors(
      'server/src/modules/billing/billing.service.ts',
      "import '../signatures/signature-list-page';",
    );
    assert.equal(reachIn.length, 1);
    assert.equal(reachIn[0].ruleId, 'import-x/no-restricted-paths');
    assert.match(reachIn[0].message, /outside the signatures module's surface/);
    const engine = await boundaryErrors(
      'server/src/modules/signing/pdf-work/seal-task.ts',
      "import '../../../../../packages/pdf-signing/src/pades/pdf-syntax';",
    );
    assert.equal(engine.length, 1);
    assert.match(engine[0].message, /reached through '@esign\/pdf-signing'/);
    const deep = await boundaryErrors(
      'server/src/modules/signing/pdf-work/seal-task.ts',
      "import '@esign/pdf-signing/dist/pades/pdf-syntax';",
    );
    // The import's name is refused here; the engine's exports map gives it no file, so Node refuses it too
    // (and no-restricted-paths has no file to judge: scripts/package-entry-points.test.mjs covers the map).
    assert.deepEqual(
      deep.map((error) => error.ruleId),
      ['no-restricted-imports'],
    );
    assert.match(deep[0].message, /reached through '@esign\/pdf-signing'/);
    assert.throws(() => serverRequire.resolve('@esign/pdf-signing/dist/pades/pdf-syntax'), {
      code: 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    });
    const cms = await boundaryErrors(
      'server/src/modules/verification/verification.service.ts',
      "import '@peculiar/asn1-cms';",
    );
    assert.equal(cms.length, 1);
    assert.match(cms[0].message, /belong to the PDF engine/);
    const common = await boundaryErrors(
      'server/src/common/list-total.ts',
      "import '../modules/users/user.entity';",
    );
    assert.equal(common.length, 1);
    assert.match(common[0].message, /common\/ is below the modules/);
  });

  it('lets modules use surfaces and the engine through its entry point', async () => {
    assert.deepEqual(
      await boundaryErrors(
        'server/src/modules/billing/billing.service.ts',
        "import '../audit/audit.service';",
      ),
      [],
    );
    assert.deepEqual(
      await boundaryErrors(
        'server/src/modules/verification/verification.service.ts',
        "import '@esign/pdf-signing';",
      ),
      [],
    );
  });

  it('keeps the engine free of the framework, the database and the server', async () => {
    for (const line of [
      "import '@nestjs/common';",
      "import 'typeorm';",
      "import '../../../../server/src/common/app-exception';",
    ]) {
      const errors = await boundaryErrors('packages/pdf-signing/src/pades/sign-pdf.ts', line);
      assert.equal(errors.length, 1, line);
      assert.match(errors[0].message, /knows no framework, database or application/);
    }
    assert.deepEqual(
      await boundaryErrors('packages/pdf-signing/src/pades/sign-pdf.ts', "import '@esign/shared';"),
      [],
    );
  });

  it('keeps the API client free of frameworks, HTTP libraries and the applications', async () => {
    for (const line of [
      "import '@nestjs/common';",
      "import request from 'supertest';",
      "import 'undici';",
      "import '../../../server/src/modules/outbox/outbox.service';",
    ]) {
      const errors = await boundaryErrors('packages/api-client/src/api-client.ts', line);
      assert.equal(errors.length, 1, line);
      assert.match(errors[0].message, /the API client is framework-free/);
    }
    assert.deepEqual(
      await boundaryErrors('packages/api-client/src/api-client.ts', "import '@esign/shared';"),
      [],
    );
  });

  it('fails on an import cycle', async () => {
    // signature-queries.service imports signature-view; the reverse closes a loop.
    const cycle = await boundaryErrors(
      'server/src/modules/signatures/signature-view.ts',
      "import './signature-queries.service';",
    );
    assert.equal(cycle.length, 1);
    assert.equal(cycle[0].ruleId, 'import-x/no-cycle');
  });
});
