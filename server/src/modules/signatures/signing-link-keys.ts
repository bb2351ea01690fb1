import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface IssuedLinkKey {
  /** Goes only into the invitation's link. */
  key: string;
  salt: Buffer;
  hash: Buffer;
}

/**
 * Signing-link keys: 256 bits, derived as HMAC(secret, random salt) so a reminder can repeat the link
 * without the key ever being stored; the database holds the salt and the key's SHA-256, useless without
 * the secret. Lookups compare hashes in constant time.
 */
export class SigningLinkKeys {
  constructor(private readonly secret: Buffer) {}

  issue(): IssuedLinkKey {
    const salt = randomBytes(32);
    const key = this.derive(salt);
    return { key, salt, hash: hashLinkKey(key) };
  }

  derive(salt: Buffer): string {
    return createHmac('sha256', this.secret).update('signing-link:').update(salt).digest('base64url');
  }
}

export function hashLinkKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The candidate whose stored hash matches `key`, checking every candidate so timing says nothing. */
export function matchLinkKey<T extends { keyHash: Buffer | null }>(candidates: T[], key: string): T | null {
  const presented = hashLinkKey(key);
  let found: T | null = null;
  for (const candidate of candidates) {
    const stored = candidate.keyHash ?? Buffer.alloc(presented.length);
    const equal = stored.length === presented.length && timingSafeEqual(stored, presented);
    if (equal && candidate.keyHash) found = candidate;
  }
  return found;
}

export const SIGNING_LINK_KEYS = Symbol('SigningLinkKeys');
