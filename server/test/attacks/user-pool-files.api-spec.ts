import request from 'supertest';
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';
import { createMember, signInAdministrator } from '../support/members';
import { PoolClient } from '../support/pool-calls';
import { waitFor } from '../support/wait-for';

/**
 * What the embedded pool leaves on disk, as someone else on the machine (or a backup) would read it: no
 * password, nothing readable by other accounts; and the installations of earlier versions brought there.
 */

type Started = Awaited<ReturnType<typeof startTestApp>>;

const mode = (path: string) => statSync(path).mode & 0o777;
const poolFiles = (dataDir: string) =>
  readdirSync(join(dataDir, 'cognito'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dataDir, 'cognito', name));
const storedPasswords = (dataDir: string) =>
  poolFiles(dataDir).flatMap((file) =>
    Object.values(
      (JSON.parse(readFileSync(file, 'utf8')) as { Users?: Record<string, { Password: string }> }).Users ??
        {},
    ).map((user) => user.Password),
  );
/** One issuer across restarts (it is PUBLIC_URL's, which would otherwise follow each start's port). */
const ENV = { PUBLIC_URL: 'http://esign.test' };
const restart = (app: Started) =>
  startTestApp({
    env: ENV,
    reuse: { dataDir: app.dataDir, databaseUrl: app.databaseUrl, bullmqPrefix: app.bullmqPrefix },
  });

describe('the files of the embedded user pool', () => {
  let running: TestApp | undefined;
  let first: Started;

  beforeAll(async () => {
    first = await startTestApp({ env: ENV });
    running = first;
    const adminToken = await signInAdministrator(first);
    await createMember(first, adminToken, {
      email: 'fichier@agence.test',
      name: 'Agence Fichier',
      password: 'Membre-Passw0rd',
    });
  });

  afterAll(async () => {
    await running?.close();
  });

  it('stores no password as typed, only salted scrypt hashes', () => {
    const passwords = storedPasswords(first.dataDir);
    expect(passwords).toHaveLength(2);
    for (const password of passwords) expect(password).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(new Set(passwords).size).toBe(2);
    for (const file of poolFiles(first.dataDir)) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(ADMIN_PASSWORD);
      expect(text).not.toContain('Membre-Passw0rd');
    }
  });

  it('keeps the data directory and the files it writes to its own account', () => {
    expect(mode(first.dataDir)).toBe(0o700);
    const written = [
      ...poolFiles(first.dataDir),
      join(first.dataDir, 'identity.json'),
      ...readdirSync(join(first.dataDir, 'secrets')).map((name) => join(first.dataDir, 'secrets', name)),
    ];
    for (const file of written) expect([file, mode(file)]).toEqual([file, 0o600]);
  });

  it('brings an earlier installation over: hashes its passwords, moves its key, tightens its directory', async () => {
    const issuedBefore = await signInAdministrator(first);
    running = undefined;
    await first.close({ discard: false });
    // As earlier versions left it: passwords as typed, the key among the pool's files, the umask's modes.
    for (const file of poolFiles(first.dataDir)) {
      const store = JSON.parse(readFileSync(file, 'utf8')) as {
        Users?: Record<string, Record<string, unknown>>;
      };
      for (const user of Object.values(store.Users ?? {})) {
        const email = (user.Attributes as Array<{ Name: string; Value: string }>).find(
          (a) => a.Name === 'email',
        );
        user.Password = email?.Value === ADMIN_EMAIL ? ADMIN_PASSWORD : 'Membre-Passw0rd';
      }
      writeFileSync(file, JSON.stringify(store));
    }
    const legacyKey = join(first.dataDir, 'cognito', 'installation-signing-key.json');
    renameSync(join(first.dataDir, 'secrets', 'installation-signing-key.json'), legacyKey);
    chmodSync(first.dataDir, 0o755);

    const second = await restart(first);
    running = second;
    expect(mode(second.dataDir)).toBe(0o700);
    for (const password of storedPasswords(second.dataDir)) expect(password).toMatch(/^scrypt\$/);
    expect(existsSync(legacyKey)).toBe(false);
    // The same key: a token issued before still works, and so do both passwords.
    await request(second.url).get('/api/users/me').set('Authorization', `Bearer ${issuedBefore}`).expect(200);
    await signInAdministrator(second);
    const member = await (await PoolClient.of(second)).signIn('fichier@agence.test', 'Membre-Passw0rd');
    expect(member.status).toBe(200);
    running = undefined;
    await second.close({ discard: false });
  });

  it('starts with a new key where a crash of an earlier version left an empty one', async () => {
    const keyFile = join(first.dataDir, 'secrets', 'installation-signing-key.json');
    writeFileSync(keyFile, '');
    const third = await restart(first);
    running = third;
    expect(statSync(keyFile).size).toBeGreaterThan(0);
    await signInAdministrator(third);
    running = undefined;
    await third.close({ discard: false });
  });

  it('refuses to start on a damaged pool file, naming it, rather than start with no accounts', async () => {
    const [file = ''] = poolFiles(first.dataDir).filter((name) => !name.endsWith('clients.json'));
    const whole = readFileSync(file);
    writeFileSync(file, '{"Users": {"trunc');
    // No other product runs in this test's process now: once the failed start has closed what it had opened
    // (the embedded database server, the connections to PostgreSQL and Redis), no socket is left open.
    const listening = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap' || kind === 'TCPSocketWrap')
        .length;
    await expect(restart(first)).rejects.toThrow(`The user pool's file ${file} is damaged`);
    await waitFor(
      'the failed start to close its sockets',
      () => (listening() === 0 ? true : undefined),
      10_000,
    );
    // The damaged file is left as it was, for its owner to restore; restored, the product starts.
    expect(readFileSync(file, 'utf8')).toBe('{"Users": {"trunc');
    writeFileSync(file, whole);
    running = await restart(first);
    await signInAdministrator(running);
  });
});
