import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the embedded database keeps its files, under the installation's data directory. */
export function embeddedDatabaseDirectory(dataDir: string): string {
  return join(dataDir, 'pg');
}

/**
 * PostgreSQL in-process (PGlite, compiled to WebAssembly), served on a loopback port so TypeORM and `pg`
 * talk to it exactly as to a real server. PGlite is one session: a second connection would run inside
 * the first one's transaction, so the socket server and the pool both allow a single connection.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    const directory = embeddedDatabaseDirectory(dataDir);
    mkdirSync(directory, { recursive: true });
    const db = await PGlite.create(directory);
    // Port 0: the system picks a free port as the server binds it (a port probed first could be taken by
    // another socket before the bind).
    const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 1 });
    await server.start();
    return new EmbeddedPostgres(db, server, `postgres://postgres@${server.getServerConn()}/postgres`);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
