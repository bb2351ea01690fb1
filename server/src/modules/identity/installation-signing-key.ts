import { createPublicKey, generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileDurablySync } from '../../common/durable-files';

export interface SigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

interface StoredKey {
  kid: string;
  privateKeyPem: string;
}

function parse(file: string): StoredKey {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredKey>;
    if (typeof stored.kid === 'string' && typeof stored.privateKeyPem === 'string') {
      createPublicKey(stored.privateKeyPem);
      return { kid: stored.kid, privateKeyPem: stored.privateKeyPem };
    }
  } catch {
    // reported below
  }
  throw new Error(
    `The token signing key ${file} is damaged: restore it from a backup, or delete it to make a new one (every session then ends)`,
  );
}

function isEmpty(file: string): boolean {
  return existsSync(file) && statSync(file).size === 0;
}

/**
 * The key the embedded user pool signs tokens with, made for this installation. The pool library ships one
 * fixed key in its package: anyone could mint tokens with it, so we never let it sign.
 *
 * Kept in `file`; `legacyFile` is where earlier versions kept it, inside the pool's directory, where the pool
 * library took every JSON file for a user pool and rewrote it at each start (an interrupted start could leave
 * it empty). A file left empty that way held no key to lose, so a new key is made (sessions end); a file that
 * is not empty but unreadable stops the start instead of being replaced.
 */
export function loadOrCreateSigningKey(file: string, legacyFile?: string): SigningKey {
  if (isEmpty(file)) rmSync(file);
  if (legacyFile && isEmpty(legacyFile)) rmSync(legacyFile);
  if (!existsSync(file)) {
    const stored: StoredKey =
      legacyFile && existsSync(legacyFile)
        ? parse(legacyFile)
        : {
            kid: randomUUID(),
            privateKeyPem: generateKeyPairSync('rsa', { modulusLength: 2048 })
              .privateKey.export({ type: 'pkcs8', format: 'pem' })
              .toString(),
          };
    writeFileDurablySync(file, JSON.stringify(stored), { onlyIfAbsent: true });
  }
  if (legacyFile && existsSync(legacyFile)) rmSync(legacyFile);
  const { kid, privateKeyPem } = parse(file);
  const jwk = createPublicKey(privateKeyPem).export({ format: 'jwk' });
  return { kid, privateKeyPem, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}
