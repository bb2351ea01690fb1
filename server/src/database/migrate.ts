import { type DataSource } from 'typeorm';

/** Any constant: the advisory lock that lets one process at a time migrate a shared database. */
export const MIGRATION_LOCK = 7_431_2026;

/**
 * Runs pending migrations at start. Several API and worker containers may start together against one
 * database, so they take turns under an advisory lock; the embedded database has one process and one
 * connection, so it migrates without the lock (taking it would hold the only connection).
 */
export async function runMigrations(dataSource: DataSource, exclusive: boolean): Promise<void> {
  if (exclusive) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
