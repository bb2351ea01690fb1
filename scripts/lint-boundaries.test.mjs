// The lint's module boundaries, checked on the real configuration: a deliberate reach-in fails, the
// allowed imports pass. Run by `npm test`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..');
// One linter for all cases: building its TypeScript program is most of the time taken.
const eslint = new ESLint({ cwd: root });

/** The boundary errors the lint finds in an existing file with `importLine` added at its top. */
async function boundaryErrors(file, importLine) {
  const source = readFileSync(join(root, file), 'utf8');
  const [result] = await eslint.lintText(`${importLine}\n${source}`, { filePath: join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
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

  it('lets resources use common parts, and the one shared form', async () => {
    assert.deepEqual(
      await boundaryErrors('admin-web/src/billing/CostsPage.tsx', "import '../common/formatting';"),
      [],
    );
    assert.deepEqual(
      await boundaryErrors('admin-web/src/users/UserCreate.tsx', "import '../profile/ProfileForm';"),
      [],
    );
  });
});
