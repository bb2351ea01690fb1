import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort } from '../../support/test-app';
import { ProductProcess, RedisServer } from './processes';
import { copyDevelopmentPki, keepDevelopmentPki } from '../../../../scripts/development-pki-template.mjs';

/** An empty database of its own on the PostgreSQL server of DATABASE_URL, dropped afterwards. */
export class ScratchDatabase {
  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly serverUrl: string,
  ) {}

  static async create(): Promise<ScratchDatabase> {
    const serverUrl = process.env.DATABASE_URL ?? '';
    const name = `esign_reliability_${randomBytes(5).toString('hex')}`;
    await ScratchDatabase.onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return new ScratchDatabase(name, url.toString(), serverUrl);
  }

  /** Runs one statement on the server's maintenance connection (ALTER DATABASE, DROP DATABASE…). */
  static async onServer(serverUrl: string, sql: string): Promise<void> {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async admin(sql: string): Promise<void> {
    await ScratchDatabase.onServer(this.serverUrl, sql);
  }

  async drop(): Promise<void> {
    await this.admin(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`);
  }
}

export interface ClusterOptions {
  /** Settings for every process of the cluster. */
  env?: Record<string, string>;
  /** Settings of the API alone. */
  apiEnv?: Record<string, string>;
  /** One entry per worker process to start with the API, with that worker's own settings. */
  workers?: Array<Record<string, string>>;
  /** Without Redis, the workers run jobs from the PostgreSQL table. */
  redis?: boolean;
}

/**
 * The product as the compose file deploys it: an API process (`RUN_JOBS_IN_API=false`) and worker processes,
 * each its own Node.js process, sharing a scratch PostgreSQL database, a Redis of the test's own and a data
 * directory (files, keys and secrets; the API makes them first).
 */
export class Cluster {
  readonly workers: ProductProcess[] = [];
  api!: ProductProcess;
  /** The cluster's own Redis key prefix: nothing of another cluster's mixes in, even on a reused port. */
  readonly bullmqPrefix = `esign-reliability-${randomBytes(4).toString('hex')}`;
  private readonly pool: Pool;
  private workerCount = 0;

  private constructor(
    readonly database: ScratchDatabase,
    readonly redis: RedisServer | undefined,
    readonly dataDir: string,
    readonly port: number,
    private readonly options: ClusterOptions,
  ) {
    this.pool = new Pool({ connectionString: database.url, max: 3 });
    // A test may cut the database's connections (health checks); the pool connects again on the next query.
    this.pool.on('error', () => undefined);
  }

  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    const redis = options.redis === false ? undefined : await RedisServer.start();
    const database = await ScratchDatabase.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'esign-reliability-'));
    const pkiCopied = copyDevelopmentPki(dataDir);
    const cluster = new Cluster(database, redis, dataDir, await freePort(), options);
    try {
      cluster.api = new ProductProcess('api', 'main', { ...cluster.env(), ...options.apiEnv });
      await cluster.api.ready();
      if (!pkiCopied) keepDevelopmentPki(dataDir);
      await Promise.all((options.workers ?? []).map((env) => cluster.startWorker(env)));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The settings every process gets: the compose file's split, on this cluster's database, Redis and files. */
  env(): Record<string, string> {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      PUBLIC_URL: this.url,
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.database.url,
      DATABASE_POOL_SIZE: '4',
      ...(this.redis ? { REDIS_URL: this.redis.url, BULLMQ_PREFIX: this.bullmqPrefix } : {}),
      RUN_JOBS_IN_API: 'false',
      SERVE_WEB: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SIGNING_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...this.options.env,
    };
  }

  async startWorker(env: Record<string, string> = {}): Promise<ProductProcess> {
    this.workerCount += 1;
    const worker = new ProductProcess(`worker-${this.workerCount}`, 'worker', { ...this.env(), ...env });
    this.workers.push(worker);
    return worker.ready();
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  /** Runs `body`; if it throws, the error carries the last lines each process wrote. */
  async explain<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (error instanceof Error) {
        error.message += `\n\n${[this.api, ...this.workers]
          .filter(Boolean)
          .map((process) => process.tail(40))
          .join('\n')}`;
      }
      throw error;
    }
  }

  async stop(): Promise<void> {
    await Promise.all([this.api, ...this.workers].filter(Boolean).map((process) => process.kill()));
    await this.pool.end().catch(() => undefined);
    await this.database.drop();
    await this.redis?.dispose();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
