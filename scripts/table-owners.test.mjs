// One owner per table: only the owning module's SQL names these tables; the others call its services. Run by
// `npm test`. Reports that print an owner's name next to each row may join `app_user` or `document` read-only
// in the one query that lists them (listed below), rather than make one call per row.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = join(import.meta.dirname, '..');
const modules = join(root, 'server', 'src', 'modules');

const OWNERS = {
  signature_request: 'signatures',
  signatory: 'signatures',
  app_user: 'users',
  document: 'documents',
  audit_event: 'audit',
  audit_stream: 'audit',
  qualified_signing: 'signing',
  sign_in_throttle: 'identity',
  sign_in_alert: 'identity',
  password_reset_code: 'identity',
};

/** `module/file` → tables it may JOIN (and only JOIN) although another module owns them. */
const READ_ONLY_JOINS = {
  'billing/billing.service.ts': ['app_user'],
  'signatures/signature-list-page.ts': ['app_user', 'document'],
  'signatures/signature-queries.service.ts': ['app_user', 'document'],
};

const STATEMENT = new RegExp(`\\b(FROM|INTO|UPDATE|JOIN)\\s+(${Object.keys(OWNERS).join('|')})\\b`, 'g');

/** The statements in `source` that name a table its module does not own, as `KEYWORD table`. */
export function foreignStatements(path, source) {
  const [module] = path.split('/');
  const joins = READ_ONLY_JOINS[path] ?? [];
  const found = [];
  for (const [, keyword, table] of source.matchAll(STATEMENT)) {
    if (OWNERS[table] === module) continue;
    if (keyword === 'JOIN' && joins.includes(table)) continue;
    found.push(`${keyword} ${table}`);
  }
  return found;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('each table has one owning module', () => {
  it('finds no SQL on another module’s table in the server', () => {
    const offenders = sources(modules).flatMap((file) => {
      const path = relative(modules, file).split(sep).join('/');
      return foreignStatements(path, readFileSync(file, 'utf8')).map((statement) => `${path}: ${statement}`);
    });
    assert.deepEqual(offenders, []);
  });

  it('would catch a reach-in, and a write through an allowed join', () => {
    assert.deepEqual(foreignStatements('signing/x.ts', 'UPDATE signature_request SET status = $1'), [
      'UPDATE signature_request',
    ]);
    assert.deepEqual(foreignStatements('dashboard/x.ts', 'SELECT count(*) FROM signatory'), [
      'FROM signatory',
    ]);
    assert.deepEqual(foreignStatements('billing/billing.service.ts', 'UPDATE app_user SET name = $1'), [
      'UPDATE app_user',
    ]);
    assert.deepEqual(
      foreignStatements('billing/billing.service.ts', 'LEFT JOIN app_user u ON u.id = e.member_id'),
      [],
    );
    assert.deepEqual(foreignStatements('signatures/x.ts', 'SELECT 1 FROM signature_request'), []);
  });
});
