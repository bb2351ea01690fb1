import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { EmbeddedPostgres } from './embedded-postgres';
import { MIGRATIONS } from './migrations';
import { runMigrations } from './migrate';
import { TypeOrmLogger } from './typeorm-logger';
import { StartupCleanup } from '../common/startup-cleanup';

/**
 * Owns the embedded server, when there is one, and stops it after the pool has been closed; closes the pool
 * of a start that failed.
 */
@Injectable()
export class EmbeddedDatabaseHolder implements OnApplicationShutdown {
  constructor(
    readonly server: EmbeddedPostgres | null,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.server) return;
    await this.close();
  }

  /** The pool, then the embedded server: after a failed start, the pool on PostgreSQL too. */
  async close(): Promise<void> {
    const dataSource = this.dataSource();
    if (dataSource?.isInitialized) await dataSource.destroy();
    await this.server?.stop();
  }

  /** The pool on the embedded server; none yet when a start failed before it was made. */
  private dataSource(): DataSource | undefined {
    try {
      return this.moduleRef.get<DataSource>(getDataSourceToken(), { strict: false });
    } catch {
      return undefined;
    }
  }
}

export const embeddedDatabaseProvider = {
  provide: EmbeddedDatabaseHolder,
  inject: [AppConfig, ModuleRef, StartupCleanup],
  useFactory: async (config: AppConfig, moduleRef: ModuleRef, cleanup: StartupCleanup) => {
    const holder = new EmbeddedDatabaseHolder(
      config.usesEmbeddedDatabase ? await EmbeddedPostgres.start(config.dataDir) : null,
      moduleRef,
    );
    cleanup.add(() => holder.close());
    return holder;
  },
};

interface PgPoolEvents {
  on(event: 'connect', listener: (client: { query(text: string): Promise<unknown> }) => void): void;
}

/**
 * PGlite is one session, and it outlives a connection the socket server dropped (it drops one on a message
 * PGlite throws on): the statements the dropped connection had prepared (preparedQuery) stay in the session,
 * and the next connection, which knows of none, failed on every one of them ("already exists") until a
 * restart. Each new connection starts by forgetting them, before any query of its own.
 */
function forgetStatementsOnReconnect(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: PgPoolEvents }).master;
  pool?.on('connect', (client) => {
    client.query('DEALLOCATE ALL').catch(() => undefined);
  });
}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig, EmbeddedDatabaseHolder],
      useFactory: (config: AppConfig, holder: EmbeddedDatabaseHolder) => ({
        type: 'postgres' as const,
        url: holder.server?.url ?? config.env.DATABASE_URL,
        // PGlite serves one session; see EmbeddedPostgres.
        poolSize: holder.server ? 1 : config.env.DATABASE_POOL_SIZE,
        extra: { connectionTimeoutMillis: 10_000 },
        autoLoadEntities: true,
        synchronize: false,
        // The migrations make the schema and ids come from the core gen_random_uuid(): TypeORM need not
        // install uuid-ossp, which PGlite does not have (it warned at every start).
        installExtensions: false,
        migrations: MIGRATIONS,
        migrationsRun: false,
        logging: ['error' as const, 'warn' as const, 'migration' as const],
        logger: new TypeOrmLogger(),
        maxQueryExecutionTime: 1_000,
      }),
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('No database options');
        const dataSource = await new DataSource(options).initialize();
        if (options.poolSize === 1) forgetStatementsOnReconnect(dataSource);
        await runMigrations(dataSource, options.poolSize === 1);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
