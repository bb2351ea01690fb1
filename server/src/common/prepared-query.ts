import { createHash } from 'node:crypto';
import { type DataSource } from 'typeorm';

interface PgPool {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/** A statement declared with `preparedStatement`: its name on every connection, and its text. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * The most statements the product may declare. PostgreSQL keeps a named statement, and its plans, for the
 * life of the connection that prepared it, on every connection of the pool, and nothing takes it back: a
 * statement whose text followed what a caller asks (a page's bounds, a filter) grew each connection without
 * end. Statements are declared from a fixed set of texts, written in the code; whatever varies goes in the
 * parameters, or in a statement that is not kept (DataSource.query).
 */
export const MAX_PREPARED_STATEMENTS = 32;

const declared = new Map<string, PreparedStatement>();

/**
 * Declares a statement the database plans once per connection and keeps, for the statements every request
 * runs: parsing and planning a large query can cost more than running it. The same text gives the same
 * statement; declaring more than MAX_PREPARED_STATEMENTS texts is a mistake in the code, refused at once.
 */
export function preparedStatement(text: string): PreparedStatement {
  const known = declared.get(text);
  if (known) return known;
  if (declared.size >= MAX_PREPARED_STATEMENTS) {
    throw new Error(`More than ${MAX_PREPARED_STATEMENTS} prepared statements declared`);
  }
  const statement = {
    name: `esign_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`,
    text,
  };
  declared.set(text, statement);
  return statement;
}

/** Runs a declared statement on the pool, outside any transaction. */
export async function preparedQuery<R>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<R[]> {
  const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
  if (!pool) return dataSource.query<R[]>(statement.text, values);
  return (await pool.query<R>({ name: statement.name, text: statement.text, values })).rows;
}
