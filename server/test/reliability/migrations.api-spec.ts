import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { MIGRATION_LOCK } from '../../src/database/migrate';
import { MIGRATIONS } from '../../src/database/migrations';
import { ScratchDatabase } from './support/cluster';
import { describeReliability, ProductProcess, waitFor } from './support/processes';

const executed = (name: string) => `Migration ${name} has been executed successfully.`;

describeReliability('migrations at start', () => {
  it('run in one process at a time when two processes start together on an empty database', async () => {
    const database = await ScratchDatabase.create();
    const directories = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'esign-migrations-')));
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    const processes: ProductProcess[] = [];
    try {
      // The test holds the migration lock first, so that both processes are seen queueing for it.
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      for (const [index, directory] of directories.entries()) {
        processes.push(
          new ProductProcess(`worker-${index + 1}`, 'worker', {
            NODE_ENV: 'test',
            LOG_LEVEL: 'debug',
            DATA_DIR: directory,
            DATABASE_URL: database.url,
            DATABASE_POOL_SIZE: '2',
          }),
        );
      }
      await waitFor(
        'both processes waiting for the migration lock',
        async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database
              WHERE l.locktype = 'advisory' AND l.objid = $1 AND NOT l.granted AND d.datname = $2`,
            [MIGRATION_LOCK, database.name],
          );
          return rows[0]?.waiting === 2 ? true : undefined;
        },
        60_000,
      );
      const { rows: tables } = await holder.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables).toEqual([]);

      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      await Promise.all(processes.map((process) => process.ready()));

      const names = MIGRATIONS.map((migration) => new migration().name);
      const { rows: applied } = await holder.query<{ name: string }>(
        'SELECT name FROM migrations ORDER BY id',
      );
      expect(applied.map((row) => row.name)).toEqual(names);
      // The first to get the lock ran every migration; the other, after it, found none left.
      const ran = processes.map((process) =>
        names.filter((name) => process.entries.some((entry) => entry.msg === executed(name))),
      );
      expect(ran.map((list) => list.length).sort()).toEqual([0, names.length]);
      const second = processes[ran.findIndex((list) => list.length === 0)];
      expect(second?.entries.some((entry) => entry.msg === 'No migrations are pending')).toBe(true);
    } finally {
      await Promise.all(processes.map((process) => process.kill()));
      await holder.end();
      await database.drop();
      for (const directory of directories) rmSync(directory, { recursive: true, force: true });
    }
  });
});
