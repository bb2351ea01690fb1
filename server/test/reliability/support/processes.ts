import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/test-app';

export { waitFor } from '../../support/wait-for';

export const SERVER_DIR = join(__dirname, '../../..');

const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** The suite needs a real PostgreSQL and Redis (the CI's second server run sets both). */
export const RELIABILITY_ENABLED = Boolean(
  process.env.DATABASE_URL && process.env.REDIS_URL && hasRedisServer,
);

/**
 * A `describe` that runs only on PostgreSQL and Redis, and says so when it does not: the product's
 * processes share a database and a queue, which the embedded database (one connection, in the API process)
 * cannot be.
 */
export function describeReliability(title: string, body: () => void): void {
  if (RELIABILITY_ENABLED) {
    describe(title, body);
    return;
  }
  const missing = [
    ...(process.env.DATABASE_URL ? [] : ['DATABASE_URL']),
    ...(process.env.REDIS_URL ? [] : ['REDIS_URL']),
    ...(hasRedisServer ? [] : ['redis-server on PATH']),
  ];
  process.stdout.write(
    `\n  Skipped "${title}": needs ${missing.join(', ')} (real processes on PostgreSQL and Redis)\n`,
  );
  describe.skip(title, body);
}

/**
 * Runs a TypeScript entrypoint of the server as its own Node.js process, compiling each module with SWC as it
 * is loaded (the transform the tests and the PDF worker threads already use), so the suite needs no build.
 */
const RUN_FROM_SOURCE = `
'use strict';
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    module: { type: 'commonjs' },
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
  });
  module._compile(code, filename);
};
require(process.argv[1]);
`;

export interface LogEntry {
  level?: number;
  msg?: string;
  [key: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One process of the product (`main` is the API, `worker` a queue worker), with its output kept for reading. */
export class ProductProcess {
  readonly entries: LogEntry[] = [];
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  private readonly output: string[] = [];
  private readonly child: ChildProcess;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    entry: 'main' | 'worker',
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['-e', RUN_FROM_SOURCE, join(SERVER_DIR, 'src', `${entry}.ts`)], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => {
      // 'close', not 'exit': the process has exited and its output has all been read.
      this.child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
        this.exit = { code, signal };
        this.notify();
        resolve(this.exit);
      });
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.read(line);
      });
    }
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** The newest lines it wrote, for a failing test's message. */
  tail(lines = 60): string {
    return `--- ${this.name} (pid ${this.pid}) ---\n${this.output.slice(-lines).join('\n')}`;
  }

  /** A position in its log, for `waitForLog(…, { after })`. */
  mark(): number {
    return this.entries.length;
  }

  /**
   * Resolves with the first log entry that `matches`, among those written after the `after` mark (all by
   * default, already written or to come); rejects if the process exits first.
   */
  async waitForLog(
    what: string,
    matches: (entry: LogEntry) => boolean,
    { after = 0, timeoutMs = 90_000 }: { after?: number; timeoutMs?: number } = {},
  ): Promise<LogEntry> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.entries.slice(after).find(matches);
      if (found) return found;
      if (this.exit)
        throw new Error(`${this.name} exited (${JSON.stringify(this.exit)}) before ${what}\n${this.tail()}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name}: timed out waiting for ${what}\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.listeners.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 250);
        this.listeners.add(wake);
      });
    }
  }

  /** Until the process says it is ready: `Ready` (API, listening) or `Worker ready`. */
  async ready(): Promise<this> {
    await this.waitForLog('its start', (entry) => entry.msg === 'Ready' || entry.msg === 'Worker ready');
    return this;
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.exit) this.child.kill(signal);
  }

  /** Kills it at once (SIGKILL): no shutdown code runs, as in a crash or an out-of-memory kill. */
  async kill(): Promise<Exit> {
    this.signal('SIGKILL');
    return this.exited;
  }

  private read(line: string): void {
    if (line.length === 0) return;
    this.output.push(line);
    if (this.output.length > 4000) this.output.splice(0, 1000);
    if (line.startsWith('{')) {
      try {
        this.entries.push(JSON.parse(line) as LogEntry);
      } catch {
        // Not a log line.
      }
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * A Redis server of the test's own, on a free port, keeping nothing on disk: stopping and starting it again
 * is a Redis that lost its data. (The shared Redis other tests use is never touched.)
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  private readonly directory = mkdtempSync(join(tmpdir(), 'esign-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.directory,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
    child.stdout?.resume();
  }

  /** Stops it at once: what was in memory is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/**
 * A Cognito API of the test's own: cognito-local (the library the embedded pool is built on) in a process of
 * its own, on a free port, keeping its pools in a directory, so that stopping and starting it again finds them.
 */
export class CognitoStandIn {
  private child: ChildProcess | undefined;
  private readonly directory = mkdtempSync(join(tmpdir(), 'esign-cognito-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<CognitoStandIn> {
    const server = new CognitoStandIn(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
      cwd: this.directory,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cognito-local did not start:\n${output}`)), 30_000);
      const read = (chunk: string) => {
        output += chunk;
        if (output.includes('Cognito Local running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.setEncoding('utf8').on('data', read);
      child.stderr?.setEncoding('utf8').on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cognito-local exited with ${code}:\n${output}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
