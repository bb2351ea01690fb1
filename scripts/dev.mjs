#!/usr/bin/env node
// The development loop, on the same embedded defaults as `npm start`:
//
//   npm run dev        then open http://127.0.0.1:5173/
//
// - packages/shared, the PDF engine (packages/pdf-signing) and the server compiled in watch mode; the server restarts when its output changes;
// - admin-web's dev server on :5173 (hot reload), which forwards /api and /cognito to the server and /sign to
//   sign-web's dev server on :5174, so the whole product is one address, as in production;
// - the server's PUBLIC_URL is that address, so the links in the outbox's e-mails open the dev front ends.
//
// Ports: DEV_PORT (5173), SIGN_DEV_PORT (5174), PORT (3000). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const host = '127.0.0.1';
const devPort = process.env.DEV_PORT ?? '5173';
const signDevPort = process.env.SIGN_DEV_PORT ?? '5174';
const apiPort = process.env.PORT ?? '3000';
const children = [];

function run(name, command, args, env = {}, cwd = root) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('error', (error) => {
    process.stdout.write(`${prefix}could not start: ${error.message}\n`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stdout.write(`${prefix}stopped (${signal ?? code}); stopping the rest\n`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** A workspace's own copy of a tool when it has one (the front ends pin their Vite), else the root's. */
const bin = (name, workspace = '.') =>
  [join(root, workspace, 'node_modules', '.bin', name), join(root, 'node_modules', '.bin', name)].find(
    (path) => existsSync(path),
  ) ?? name;

/** Resolves once a `tsc -w` finished its first compilation; stops everything if it had errors. */
function compiledOnce(child, name) {
  return new Promise((resolve) => {
    const listener = (chunk) => {
      const found = /Found (\d+) errors?\. Watching for file changes/.exec(String(chunk));
      if (!found) return;
      child.stdout.off('data', listener);
      if (found[1] !== '0') {
        process.stdout.write(`[${name}] fix the errors above, then run npm run dev again\n`);
        stop(1);
      }
      resolve();
    };
    child.stdout.on('data', listener);
  });
}

// The front ends first: they need nothing compiled (Vite reads packages/shared's sources).
const api = `http://${host}:${apiPort}`;
run(
  'sign-web',
  bin('vite', 'sign-web'),
  ['--host', host, '--port', signDevPort, '--strictPort'],
  { ESIGN_API_URL: api },
  join(root, 'sign-web'),
);
run(
  'admin-web',
  bin('vite', 'admin-web'),
  ['--host', host, '--port', devPort, '--strictPort'],
  { ESIGN_API_URL: api, ESIGN_SIGN_WEB_URL: `http://${host}:${signDevPort}` },
  join(root, 'admin-web'),
);

// In order, so the server starts once, on compiled code: shared, the engine, then the server's compilation,
// then the server itself (restarted by Node when its compiled files change).
const watch = ['-w', '--preserveWatchOutput', '-p'];
const shared = run('shared', bin('tsc'), [...watch, 'packages/shared/tsconfig.build.json']);
await compiledOnce(shared, 'shared');
const engine = run('pdf-signing', bin('tsc'), [...watch, 'packages/pdf-signing/tsconfig.build.json']);
await compiledOnce(engine, 'pdf-signing');
const serverBuild = run('server:tsc', bin('tsc'), [...watch, 'server/tsconfig.build.json']);
await compiledOnce(serverBuild, 'server:tsc');
run('server', process.execPath, ['--watch', 'server/dist/main.js'], {
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://${host}:${devPort}`,
});
process.stdout.write(
  `\n  The product, with hot reload, once the server says Ready: http://${host}:${devPort}/\n\n`,
);
