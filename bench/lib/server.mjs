// @ts-check
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { SIGNATORY_KEYS } from './dist.mjs';
import pg from './pg.mjs';
import {
  ApiClient,
  UserPool,
  createMember as createMemberThroughApi,
  placedSignatories,
  signatureRequestInput,
} from '@esign/api-client';
import { freePort } from '../../scripts/free-port.mjs';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const sharp = require('sharp');
const MAIN = new URL('../../server/dist/main.js', import.meta.url).pathname;
const WORKER = new URL('../../server/dist/worker.js', import.meta.url).pathname;
export const ADMIN_EMAIL = 'admin@bench.test';
export const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd!';

/**
 * A database of its own on the PostgreSQL server at `serverUrl`, dropped by `drop()`.
 * @param {string} serverUrl
 */
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

/**
 * @typedef {object} ProductSettings
 * @property {string} dataDir
 * @property {string} [databaseUrl]
 * @property {Record<string, string>} [env]
 * @property {string[]} [nodeArgs]
 */

/**
 * The environment of the product's processes: limits raised so that the load itself is measured.
 * @param {ProductSettings & { port: number }} settings
 */
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
 * @param {ProductSettings} settings
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

/**
 * The product's API at `server`, as `token` calls it (the shared client of the tests, benchmarks and
 * journeys: an unexpected status throws an ApiError naming the call).
 * @param {{ url: string }} server
 * @param {string} [token]
 */
export function client(server, token) {
  return new ApiClient(server.url, token);
}

/**
 * An ID token of `email`, signed in through the embedded pool.
 * @param {{ url: string }} server
 * @param {string} email
 * @param {string} password
 */
export async function signIn(server, email, password) {
  return (await UserPool.of(server.url)).signIn(email, password);
}

/** @param {{ url: string }} server */
export function adminToken(server) {
  return signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/**
 * The newest messages sent to `to`, from the development outbox.
 * @param {{ url: string }} server
 * @param {string} admin the administrator's token
 * @param {string} to
 */
export function outbox(server, admin, to) {
  return client(server, admin).outbox(to);
}

export const MEMBER_PASSWORD = 'Bench-Membre-Passw0rd';

/**
 * A member made as in production (welcome e-mail, first password, consent), with a logo for ADVANCED requests.
 * @param {{ url: string }} server
 * @param {string} admin the administrator's token
 * @param {{ email: string, name: string }} member
 * @returns {Promise<import('@esign/api-client').MemberSession>}
 */
export async function createMember(server, admin, { email, name }) {
  const member = await createMemberThroughApi(client(server, admin), {
    email,
    name,
    password: MEMBER_PASSWORD,
  });
  const logo = await sharp({ create: { width: 420, height: 210, channels: 4, background: '#1e3a6e' } })
    .png()
    .toBuffer();
  await client(server, member.token).uploadLogo(logo);
  return member;
}

/**
 * A fresh ID token of a member made earlier (tokens last an hour).
 * @param {{ url: string }} server
 * @param {string} email
 */
export function memberToken(server, email) {
  return signIn(server, email, MEMBER_PASSWORD);
}

/**
 * Uploads a PDF as the back office does; answers the document id.
 * @param {{ url: string }} server
 * @param {string} token
 * @param {Uint8Array} bytes
 */
export async function uploadPdf(server, token, bytes, fileName = 'compromis.pdf') {
  return (await client(server, token).uploadPdf(bytes, fileName)).documentId;
}

/**
 * Creates a SIMPLE request, everyone at once, on an uploaded document; answers its id.
 * @param {{ url: string }} server
 * @param {string} token
 * @param {{ documentId: string, title: string, signatories: import('@esign/api-client').Person[] }} request
 */
export async function createSimpleRequest(server, token, { documentId, title, signatories }) {
  const input = signatureRequestInput(documentId, {
    signatureTitle: title,
    language: 'fr',
    signatories: placedSignatories(signatories),
  });
  return (await client(server, token).createSignatureRequest(input)).id;
}
