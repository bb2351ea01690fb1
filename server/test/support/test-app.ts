import '../../src/common/quiet-dependencies';
import 'reflect-metadata';
import { type INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import pino from 'pino';
import { type AppConfig, loadEnvironment } from '../../src/config/app-config';
import { createHttpApp } from '../../src/http-app';

export const ADMIN_EMAIL = 'admin@chambre.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** With DATABASE_URL set, every test app gets a database of its own on that server, dropped afterwards. */
async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `esign_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function reusedDatabase(url: string): { drop: () => Promise<void> } {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  return {
    drop: async () => {
      const client = new Client({ connectionString: target.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: INestApplication;
  url: string;
  config: AppConfig;
  dataDir: string;
  /** Stops the app; keeps its data unless `discard` (for restart tests). */
  close(options?: { discard?: boolean }): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse the data (directory and database) of an earlier app: a restart. */
  reuse?: { dataDir: string; databaseUrl?: string; bullmqPrefix?: string };
}

/** Boots the whole API in-process, listening on a free loopback port, against the real database (and Redis). */
export async function startTestApp(
  options: TestAppOptions = {},
): Promise<TestApp & { databaseUrl?: string; bullmqPrefix: string }> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'esign-test-'));
  const scratch =
    !options.reuse && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
  const databaseUrl = options.reuse?.databaseUrl ?? scratch?.url;
  const bullmqPrefix = options.reuse?.bullmqPrefix ?? `esign-test-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const config = loadEnvironment({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SERVE_WEB: 'false',
    BULLMQ_PREFIX: bullmqPrefix,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const logger = pino({ level: config.env.LOG_LEVEL });
  const app = await createHttpApp(config, logger);
  await app.listen(port, '127.0.0.1');
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    dataDir,
    databaseUrl,
    bullmqPrefix,
    async close({ discard = true } = {}) {
      await app.close();
      if (!discard) return;
      const databaseToDrop =
        scratch ?? (options.reuse?.databaseUrl ? reusedDatabase(options.reuse.databaseUrl) : undefined);
      await databaseToDrop?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
