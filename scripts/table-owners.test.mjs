// One owner per table. Each table belongs to one server module and has one data-access file there (its store):
// - only the store writes the table (SQL INSERT, UPDATE, DELETE; TypeORM save, insert, update, delete...),
//   with methods named for the change they make;
// - the rest of the owning module may read it (lists, statistics), in SQL or through TypeORM's find methods;
// - other modules neither read nor write it: they call the owner. Reports that print an owner's name beside
//   each row may JOIN a table read-only in the one query that lists them (READ_ONLY_JOINS), rather than make
//   one call per row.
// Tables written by a trigger have no store: nothing in the code writes them. Run by `npm test`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = join(import.meta.dirname, '..');
const serverSources = join(root, 'server', 'src');
const migrations = join(serverSources, 'database', 'migrations');

/** Table → its store: `module/file.ts` under server/src/modules (or a folder of server/src/common). */
export const STORES = {
  agency: 'users/agency-store.ts',
  app_user: 'users/users.service.ts',
  audit_event: 'audit/audit.service.ts',
  audit_stream: 'audit/audit.service.ts',
  billing_event: 'billing/metering.service.ts',
  document: 'documents/document-records.ts',
  document_delivery: 'signing/document-delivery.service.ts',
  one_time_code: 'signing/one-time-code-store.ts',
  outbox_message: 'outbox/outbox.service.ts',
  password_reset_code: 'identity/password-reset-codes.ts',
  price_list: 'billing/price-lists.service.ts',
  qualified_signing: 'signing/qualified/qualified-sessions.ts',
  queued_job: 'jobs/job-store.ts',
  rate_limit_window: 'common/rate-limit/rate-limit-store.ts',
  sign_in_alert: 'identity/sign-in-throttle.ts',
  sign_in_throttle: 'identity/sign-in-throttle.ts',
  signatory: 'signatures/signature-request-store.ts',
  signature_request: 'signatures/signature-request-store.ts',
};

/** Tables written only by database triggers (on their owner's tables): read in the owning module alone. */
export const TRIGGER_WRITTEN = {
  member_activity: 'users',
  member_request_count: 'signatures',
};

/** `module/file` → tables it may JOIN (and only JOIN) although another module owns them. */
const READ_ONLY_JOINS = {
  'billing/billing.service.ts': ['app_user', 'agency'],
  'signatures/signature-list-page.ts': ['app_user', 'document'],
  'signatures/signature-queries.service.ts': ['app_user', 'document'],
};

const moduleOf = (path) =>
  path.startsWith('common/') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
const ownerOf = (table) => TRIGGER_WRITTEN[table] ?? moduleOf(STORES[table]);

/** Every table the migrations create. */
export function tablesCreated() {
  const tables = new Set();
  for (const file of readdirSync(migrations)) {
    const source = readFileSync(join(migrations, file), 'utf8');
    for (const [, table] of source.matchAll(
      /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF NOT EXISTS\s+)?"?(\w+)/gi,
    ))
      tables.add(table);
  }
  return [...tables].sort();
}

/** TypeORM entity class → its table, from the `@Entity('table')` declarations. */
function entityTables() {
  const entities = {};
  for (const file of sources(serverSources)) {
    const source = readFileSync(file, 'utf8');
    for (const [, table, name] of source.matchAll(/@Entity\('(\w+)'\)\s*export class (\w+)/g))
      entities[name] = table;
  }
  return entities;
}

const SQL = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE|FROM|JOIN)\s+"?(\w+)"?/g;
const WRITE_METHODS = 'save|insert|update|delete|remove|upsert|increment|decrement|softDelete|restore|clear';
const READ_METHODS = 'find\\w*|count\\w*|exist\\w*|sum|average|minimum|maximum';

/**
 * What `source` (at `path`, relative to server/src/modules or server/src) does to tables against the rules
 * above, as `table: what` strings.
 */
export function violations(path, source, entities = entityTables()) {
  const module = moduleOf(path);
  const found = [];
  const check = (table, access) => {
    const store = STORES[table];
    if (!store && !TRIGGER_WRITTEN[table]) return;
    const owned = ownerOf(table) === module;
    if (access === 'join' && (READ_ONLY_JOINS[path] ?? []).includes(table)) return;
    if (!owned) found.push(`${table}: ${access} outside its module`);
    else if (access === 'write' && path !== store) found.push(`${table}: written outside its store`);
  };
  for (const [, keyword, table] of source.matchAll(SQL)) {
    const word = keyword.split(/\s+/)[0].toUpperCase();
    const access = word === 'FROM' ? 'read' : word === 'JOIN' ? 'join' : 'write';
    // `DELETE FROM t` matched once as a write: its FROM is not read again.
    check(table, access);
  }
  for (const [name, table] of Object.entries(entities)) {
    const escaped = name.replace(/[$]/g, '\\$&');
    const writes = new RegExp(`\\.(?:${WRITE_METHODS})\\(\\s*${escaped}\\b`, 'g');
    const reads = new RegExp(`\\.(?:${READ_METHODS})\\(\\s*${escaped}\\b`, 'g');
    const repositories = new RegExp(
      `(?:getRepository|InjectRepository|createQueryBuilder)\\(\\s*${escaped}\\b|Repository<${escaped}>`,
      'g',
    );
    [...source.matchAll(writes)].forEach(() => check(table, 'write'));
    [...source.matchAll(reads)].forEach(() => check(table, 'read'));
    // A repository can write: only the store holds one.
    [...source.matchAll(repositories)].forEach(() => check(table, 'write'));
  }
  return found;
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** A server source's path as the rules name it: `module/file.ts`, or `common/...`, `database/...`. */
function ruleName(file) {
  const path = relative(serverSources, file).split(sep).join('/');
  return path.startsWith('modules/') ? path.slice('modules/'.length) : path;
}

describe('each table has one owner', () => {
  it('names every table the migrations create', () => {
    assert.deepEqual(tablesCreated(), [...Object.keys(STORES), ...Object.keys(TRIGGER_WRITTEN)].sort());
  });

  it('finds no table written outside its store, nor reached outside its module', () => {
    const entities = entityTables();
    const offenders = sources(serverSources).flatMap((file) => {
      const path = ruleName(file);
      return violations(path, readFileSync(file, 'utf8'), entities).map((found) => `${path}: ${found}`);
    });
    assert.deepEqual(offenders, []);
  });

  it('would catch a write from another module or another file, and a reach through TypeORM', () => {
    const entities = { SignatureRequestEntity: 'signature_request', UserEntity: 'app_user' };
    const seen = (path, source) => violations(path, source, entities);
    assert.deepEqual(seen('signing/x.ts', 'UPDATE signature_request SET status = $1'), [
      'signature_request: write outside its module',
    ]);
    assert.deepEqual(seen('signatures/expiry.service.ts', 'UPDATE signature_request SET status = $1'), [
      'signature_request: written outside its store',
    ]);
    assert.deepEqual(seen('dashboard/x.ts', 'SELECT count(*) FROM signatory'), [
      'signatory: read outside its module',
    ]);
    assert.deepEqual(seen('billing/billing.service.ts', 'UPDATE app_user SET name = $1'), [
      'app_user: write outside its module',
    ]);
    assert.deepEqual(seen('billing/billing.service.ts', 'LEFT JOIN app_user u ON u.id = e.member_id'), []);
    assert.deepEqual(seen('signatures/x.ts', 'SELECT 1 FROM signature_request'), []);
    assert.deepEqual(seen('signing/x.ts', 'manager.findOneByOrFail(UserEntity, { id })'), [
      'app_user: read outside its module',
    ]);
    assert.deepEqual(seen('signing/x.ts', 'manager.getRepository(SignatureRequestEntity)'), [
      'signature_request: write outside its module',
    ]);
    assert.deepEqual(seen('users/member-accounts.service.ts', 'manager.save(UserEntity, row)'), [
      'app_user: written outside its store',
    ]);
    assert.deepEqual(seen('users/member-accounts.service.ts', 'manager.find(UserEntity, {})'), []);
    assert.deepEqual(seen('users/users.service.ts', 'manager.save(UserEntity, row)'), []);
    assert.deepEqual(seen('dashboard/x.ts', 'SELECT * FROM member_request_count'), [
      'member_request_count: read outside its module',
    ]);
  });
});
