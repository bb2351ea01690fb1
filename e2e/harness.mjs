// Starts the built product on a fresh data directory and drives it with Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutable, requireSystemTools } from './system-tools.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_EMAIL = 'admin@chambre.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy in time');
}

/**
 * Resolves with how the process ended. Polls rather than waiting on 'exit' alone, which can be emitted
 * before a listener is attached and leave the test runner with an empty event loop.
 */
export async function waitForExit(child, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() > deadline) throw new Error('The server did not stop in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { code: child.exitCode, signal: child.signalCode };
}

/** Starts `node server/dist/main.js` with the embedded defaults; returns its URL and a stop function. */
export async function startProduct(extraEnv = {}) {
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'esign-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const output = [];
  const child = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output.join('')}`, { cause: error });
  }
  return {
    url,
    dataDir,
    output,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await waitForExit(child);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  requireSystemTools(['chromium']);
  return chromium.launch({
    executablePath: chromiumExecutable(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** An ID token straight from the embedded user pool (USER_PASSWORD_AUTH), for API calls the tests make. */
export async function signInThroughPool(url, email, password) {
  const config = await (await fetch(`${url}/api/config`)).json();
  // The pool's endpoint is a path on the product's origin, as the browser resolves it.
  const response = await fetch(new URL(config.cognito.endpoint, url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in failed (${response.status}): ${await response.text()}`);
  return (await response.json()).AuthenticationResult.IdToken;
}

export const artifactsDir = join(root, 'e2e', 'artifacts');

/** Types a signatory's name, e-mail and mobile into the wizard's `index`-th signatory card (French labels). */
export async function fillSignatory(page, index, signatory) {
  await page
    .getByLabel(/^Nom et prénom/)
    .nth(index)
    .fill(signatory.name);
  await page
    .getByLabel(/^Adresse e-mail/)
    .nth(index)
    .fill(signatory.email);
  await page
    .getByLabel(/^Mobile/)
    .nth(index)
    .fill(signatory.mobile);
}
