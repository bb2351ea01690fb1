import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
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
    const directory = join(dataDir, 'pg');
    mkdirSync(directory, { recursive: true });
    const db = await PGlite.create(directory);
    const port = await findFreePort();
    const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 1 });
    await server.start();
    return new EmbeddedPostgres(db, server, `postgres://postgres@127.0.0.1:${port}/postgres`);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
  }
}
