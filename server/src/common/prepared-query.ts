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
  const name = `esign_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return (await pool.query<R>({ name, text, values })).rows;
}
