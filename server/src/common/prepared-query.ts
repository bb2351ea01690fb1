import { createHash } from 'node:crypto';
import { type DataSource } from 'typeorm';

interface PgPool {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * A statement the database plans once per connection and keeps (a named prepared statement), for the
 * statements every request runs: parsing and planning a large query can cost more than running it. Runs
 * on the pool outside any transaction; the name is derived from the text, so each shape of a query gets
 * its own statement.
 */
export async function preparedQuery<R>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
  if (!pool) return dataSource.query<R[]>(text, values);
  return (await pool.query<R>({ name: statementName(text), text, values })).rows;
}

/** Names of the statements seen, so a request's statement is not hashed again on every call. */
const names = new Map<string, string>();
const NAMES_KEPT = 1000;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `esign_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}
