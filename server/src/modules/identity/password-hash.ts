import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords of the embedded pool, stored as scrypt hashes: `scrypt$N$r$p$salt$hash` (salt and hash in
 * base64url), so that the pool's file gives no password away. The cost is node's default (N = 2^14, r = 8,
 * p = 1: 16 MiB and some tens of milliseconds per hash), written into each hash so that it can be raised later.
 */
const PREFIX = 'scrypt';
const COST = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Hashes running at once: each takes 16 MiB and a thread of libuv's pool, which file reads also need. */
const CONCURRENT_HASHES = 2;
/** Hashes waiting for one of those; beyond this the caller is refused (`HashQueueFullError`). */
const MAX_WAITING_HASHES = 256;

export class HashQueueFullError extends Error {
  override name = 'HashQueueFullError';
}

let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES)
      throw new HashQueueFullError('Too many password checks waiting');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` never drops below what is running.
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return limited(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFC'),
          salt,
          HASH_BYTES,
          { ...cost, maxmem: 64 * 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export function isPasswordHash(value: unknown): value is string {
  return typeof value === 'string' && /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(value);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const [, n, r, p, salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (cost.N > 2 ** 20 || cost.r > 32 || cost.p > 16) return false;
  const given = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hash of nothing anyone knows, checked against when there is no account: an unknown address costs the
 * same work as a wrong password, so the time of the answer does not tell them apart.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}
