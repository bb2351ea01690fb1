import '../../src/common/quiet-dependencies';
import 'reflect-metadata';
import { type INestApplication } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { Client } from 'pg';
import pino from 'pino';
import { type AppConfig, loadEnvironment } from '../../src/config/app-config';
import { embeddedDatabaseDirectory } from '../../src/database/embedded-postgres';
import { createHttpApp } from '../../src/http-app';
import { copyEmptyEmbeddedCluster } from '../../../scripts/embedded-cluster.mjs';
import { copyDevelopmentPki, keepDevelopmentPki } from '../../../scripts/development-pki-template.mjs';

export const ADMIN_EMAIL = 'admin@chambre.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** The first port of the kernel's ephemeral range (Linux's setting, else the IANA range's start). */
function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 11_000) return low;
  } catch {
    // not Linux: fall through
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free loopback port below the ephemeral range. A port probed with `listen(0)` comes from that range, the one
 * outgoing connections draw from: a PostgreSQL or Redis connection opened while the app boots could take it
 * before the app listens. Below the range, only a listener takes a port (scripts/free-port.mjs, for the e2e
 * and bench scripts, does the same).
 */
export async function freePort(): Promise<number> {
  const end = ephemeralRangeStart();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(10_000, end);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port below ${end}`);
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
  if (!options.reuse && !databaseUrl && !options.env?.DATABASE_URL && !options.env?.DATA_DIR) {
    await copyEmptyEmbeddedCluster(embeddedDatabaseDirectory(dataDir));
  }
  // A fresh data directory on the development PKI starts with the material an earlier test app made.
  const freshDevelopmentPki = !options.reuse && !options.env?.DATA_DIR && !options.env?.SEAL_P12_PATH;
  const pkiCopied = freshDevelopmentPki && copyDevelopmentPki(dataDir);
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
  try {
    await app.listen(port, '127.0.0.1');
    if (freshDevelopmentPki && !pkiCopied) keepDevelopmentPki(dataDir);
  } catch (error) {
    // A booted app left running keeps its pools, queues and timers open, and the test run from ever ending.
    await app.close().catch(() => undefined);
    throw error;
  }
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
