import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DurableJsonStoreFactory } from './pool-store';
import { MAX_REFRESH_TOKENS, storedUserRule, withHashedPasswords } from './pool-user-rules';
import { isPasswordHash } from './password-hash';

const ctx = { logger: { debug: () => undefined } as never };

describe('DurableJsonStoreFactory', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'pool-store-'));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes many changes made at once into one whole file, and reads them back, dates included', async () => {
    const factory = new DurableJsonStoreFactory(directory);
    const store = await factory.create(ctx, 'local_pool', { Users: {} });
    const created = new Date('2025-01-02T03:04:05.000Z');
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        store.set(ctx, ['Users', `user-${n}`], { Username: `user-${n}`, UserCreateDate: created }),
      ),
    );
    await factory.durable();
    const onDisk = JSON.parse(readFileSync(join(directory, 'local_pool.json'), 'utf8')) as {
      Users: Record<string, unknown>;
    };
    expect(Object.keys(onDisk.Users)).toHaveLength(200);

    const again = await new DurableJsonStoreFactory(directory).create(ctx, 'local_pool', { Users: {} });
    const user = await again.get<{ UserCreateDate: Date }>(ctx, ['Users', 'user-7']);
    expect(user?.UserCreateDate).toBeInstanceOf(Date);
    expect(user?.UserCreateDate.toISOString()).toBe(created.toISOString());
  });

  it('refuses to open a damaged file instead of starting empty, and leaves it as it was', async () => {
    writeFileSync(join(directory, 'local_pool.json'), '{"Users": {"a"');
    await expect(new DurableJsonStoreFactory(directory).create(ctx, 'local_pool', {})).rejects.toThrow(
      /local_pool\.json is damaged/,
    );
    writeFileSync(join(directory, 'clients.json'), '');
    await expect(new DurableJsonStoreFactory(directory).create(ctx, 'clients', {})).rejects.toThrow(
      /damaged/,
    );
    expect(readFileSync(join(directory, 'local_pool.json'), 'utf8')).toBe('{"Users": {"a"');
  });

  it('removes the temporary files of writes a crash interrupted', async () => {
    writeFileSync(join(directory, '.0123abcd.tmp'), '{"half');
    new DurableJsonStoreFactory(directory);
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => readFileSync(join(directory, '.0123abcd.tmp'))).toThrow();
  });
});

describe('the rules of stored users', () => {
  it('refuses a password that is not a hash', () => {
    expect(() => storedUserRule(['Users', 'u'], { Username: 'u', Password: 'Clear-Passw0rd' })).toThrow(
      /without being hashed/,
    );
  });

  it('keeps the newest unexpired refresh tokens only', () => {
    const now = Math.floor(Date.now() / 1000);
    const token = (n: number, exp: number) => jwt.sign({ n, exp }, 'secret');
    const tokens = [token(0, now - 10), ...Array.from({ length: 15 }, (_, n) => token(n + 1, now + 3600))];
    const stored = storedUserRule(['Users', 'u'], { Username: 'u', RefreshTokens: tokens }) as {
      RefreshTokens: string[];
    };
    expect(stored.RefreshTokens).toEqual(tokens.slice(-MAX_REFRESH_TOKENS));
  });

  it('hashes every password a call would store, and nothing else', async () => {
    const body = (await withHashedPasswords('RespondToAuthChallenge', {
      ChallengeResponses: { USERNAME: 'u', NEW_PASSWORD: 'Nouveau-Passw0rd' },
    })) as { ChallengeResponses: { USERNAME: string; NEW_PASSWORD: string } };
    expect(isPasswordHash(body.ChallengeResponses.NEW_PASSWORD)).toBe(true);
    expect(body.ChallengeResponses.USERNAME).toBe('u');
    const created = (await withHashedPasswords('AdminCreateUser', {
      TemporaryPassword: 'Tempo-Passw0rd',
    })) as {
      TemporaryPassword: string;
    };
    expect(isPasswordHash(created.TemporaryPassword)).toBe(true);
    const signIn = { AuthParameters: { PASSWORD: 'Typed-Passw0rd' } };
    expect(await withHashedPasswords('InitiateAuth', signIn)).toBe(signIn);
  });
});
