import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { SIGNATORY_KEYS } from './dist.mjs';
import pg from './pg.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const sharp = require('sharp');
const MAIN = new URL('../../server/dist/main.js', import.meta.url).pathname;
const WORKER = new URL('../../server/dist/worker.js', import.meta.url).pathname;
export const ADMIN_EMAIL = 'admin@bench.test';
export const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd!';

/** A database of its own on the PostgreSQL server at `serverUrl`, dropped by `drop()`. */
export async function scratchDatabase(serverUrl) {
  const name = `esign_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The environment of the product's processes: limits raised so that the load itself is measured. */
function productEnvironment({ port, dataDir, databaseUrl, env }) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '100000000',
    SIGNING_RATE_LIMIT_PER_MINUTE: '1000000',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_DAILY_LIMIT_PER_SIGNATORY: '100',
    OTP_DAILY_LIMIT_PER_PHONE: '500',
    SIGNATORY_KEY_TYPE: SIGNATORY_KEYS.type,
    SIGNATORY_KEYS_AHEAD: String(SIGNATORY_KEYS.ahead),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
}

/**
 * The built product (`server/dist/main.js`) in a process of its own, as `npm start` runs it, on a data
 * directory of its own. Limits are raised so that the load itself is measured, not the 429 answers; every
 * limit is still counted.
 */
export async function startServer({ dataDir, databaseUrl, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const environment = productEnvironment({ port, dataDir, databaseUrl, env });
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid,
    /** A queue worker (`server/dist/worker.js`) with the API's settings; answers its process id and stop. */
    startWorker() {
      const worker = spawn(process.execPath, [WORKER], { env: environment, stdio: 'ignore' });
      const ended = new Promise((resolve) => worker.once('exit', resolve));
      return {
        pid: worker.pid,
        async stop() {
          if (worker.exitCode === null) worker.kill('SIGTERM');
          await ended;
        },
      };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** JSON over HTTP with an optional bearer token; throws on an unexpected status. */
export async function call(url, { method = 'GET', token, body, expect = [200, 201], headers = {} } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expect.includes(response.status))
    throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

async function cognito(server, target, body) {
  const config = (await call(`${server.url}/api/config`)).json;
  const endpoint = new URL(config.cognito.endpoint, server.url).href;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify({ ClientId: config.cognito.clientId, ...body }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${target}: ${response.status} ${json.message ?? ''}`);
  return json;
}

export async function signIn(server, email, password) {
  const result = await cognito(server, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return result;
}

export async function adminToken(server) {
  return (await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD)).AuthenticationResult.IdToken;
}

export async function outbox(server, admin, to) {
  return (await call(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`, { token: admin })).json;
}

export const MEMBER_PASSWORD = 'Bench-Membre-Passw0rd';

/** A member made as in production (welcome e-mail, first password, consent), with a logo for ADVANCED requests. */
export async function createMember(server, admin, { email, name }) {
  const created = await call(`${server.url}/api/users`, {
    method: 'POST',
    token: admin,
    body: { name, email, mobile: '621 123 456', language: 'fr' },
  });
  const [welcome] = await outbox(server, admin, email);
  const temporary = /(?:Mot de passe temporaire :|Temporary password:) (\S+)/.exec(welcome?.body ?? '')?.[1];
  if (!temporary) throw new Error(`no welcome e-mail for ${email}`);
  const first = await signIn(server, email, temporary);
  const answered = await cognito(server, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: first.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: MEMBER_PASSWORD },
  });
  const token = answered.AuthenticationResult.IdToken;
  await call(`${server.url}/api/users/me/gdpr`, { method: 'POST', token, body: {} });
  const id = created.json.id;
  const { avatar } = (await call(`${server.url}/api/users/${id}/avatar`, { token })).json;
  const logo = await sharp({ create: { width: 420, height: 210, channels: 4, background: '#1e3a6e' } })
    .png()
    .toBuffer();
  const put = await fetch(new URL(avatar.url, server.url), {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    body: logo,
  });
  if (!put.ok) throw new Error(`logo upload: ${put.status}`);
  await call(`${server.url}/api/users/${id}/avatar`, { method: 'POST', token });
  return { id, email, token };
}

/** A fresh ID token of a member made earlier (tokens last an hour). */
export async function memberToken(server, email) {
  return (await signIn(server, email, MEMBER_PASSWORD)).AuthenticationResult.IdToken;
}

/** Uploads a PDF as the back office does; answers the document id. */
export async function uploadPdf(server, token, bytes, fileName = 'compromis.pdf') {
  const { fileId, url } = (
    await call(`${server.url}/api/pdf`, {
      method: 'POST',
      token,
      body: { documentType: 'CUSTOM', size: bytes.length, fileName },
    })
  ).json;
  const put = await fetch(new URL(url, server.url), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  return (await call(`${server.url}/api/pdf/${fileId}/complete`, { method: 'POST', token })).json.documentId;
}

/** Creates a SIMPLE request, everyone at once, on an uploaded document; answers its id. */
export async function createSimpleRequest(server, token, { documentId, title, signatories }) {
  const created = await call(`${server.url}/api/signatures`, {
    method: 'POST',
    token,
    body: {
      signatureTitle: title,
      documentType: 'CUSTOM',
      documentId,
      templateType: null,
      documentName: 'compromis.pdf',
      signingMode: 'SIMPLE',
      signingFlow: 'CONCURRENT',
      signatureSize: 'default',
      sealPage: 1,
      sealSize: 'default',
      language: 'fr',
      signatories: signatories.map((signatory, index) => ({
        ...signatory,
        order: index + 1,
        placement: { page: 1, position: index % 2 ? 'bottom-right' : 'bottom-left' },
      })),
    },
  });
  return created.json.id;
}
