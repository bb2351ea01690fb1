import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from './pg.mjs';

const require = createRequire(new URL('../../server/package.json', import.meta.url));

/** SQL on the product's database while the product is stopped: PGlite's directory, or the PostgreSQL URL. */
export async function openDatabase({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
  const db = await PGlite.create(join(dataDir, 'pg'));
  return { query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
}

async function columns(db, table) {
  const rows = await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * Copies the member's request `templateId` (with its signatories) until the member owns `total` requests,
 * spread over the past minutes, then vacuums and analyses as autovacuum would have by then.
 */
export async function seedRequests(db, templateId, ownerId, total) {
  const [{ count }] = await db.query(
    `SELECT count(*)::int AS count FROM signature_request WHERE owner_id = $1`,
    [ownerId],
  );
  const missing = total - count;
  if (missing > 0) {
    await db.query(
      `CREATE TEMP TABLE bench_ids AS SELECT gen_random_uuid() AS id, g FROM generate_series(1, ${missing}) g`,
    );
    const requestColumns = await columns(db, 'signature_request');
    const requestValues = requestColumns.map((column) =>
      column === 'id'
        ? 'b.id'
        : column === 'created_at' || column === 'updated_at'
          ? `t.${column} - b.g * interval '1 minute'`
          : `t.${column}`,
    );
    await db.query(
      `INSERT INTO signature_request (${requestColumns.join(', ')}) SELECT ${requestValues.join(', ')} FROM signature_request t, bench_ids b WHERE t.id = $1`,
      [templateId],
    );
    const signatoryColumns = await columns(db, 'signatory');
    const signatoryValues = signatoryColumns.map((column) =>
      column === 'id' ? 'gen_random_uuid()' : column === 'request_id' ? 'b.id' : `s.${column}`,
    );
    await db.query(
      `INSERT INTO signatory (${signatoryColumns.join(', ')}) SELECT ${signatoryValues.join(', ')} FROM signatory s, bench_ids b WHERE s.request_id = $1`,
      [templateId],
    );
    await db.query('DROP TABLE bench_ids');
  }
  await db.query('VACUUM ANALYZE');
}
