import { createPublicKey, generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SigningKey {
  kid: string;
  privateKeyPem: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

/**
 * The key the embedded user pool signs tokens with, made for this installation. The pool library ships one
 * fixed key in its package: anyone could mint tokens with it, so we never let it sign.
 */
export function loadOrCreateSigningKey(file: string): SigningKey {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stored = { kid: randomUUID(), privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) };
    writeFileSync(`${file}.tmp`, JSON.stringify(stored), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  const { kid, privateKeyPem } = JSON.parse(readFileSync(file, 'utf8')) as {
    kid: string;
    privateKeyPem: string;
  };
  const jwk = createPublicKey(privateKeyPem).export({ format: 'jwk' });
  return { kid, privateKeyPem, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}
