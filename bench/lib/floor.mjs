import { createHash, generateKeyPairSync, sign } from 'node:crypto';

/**
 * The least any signature of a file can cost: one SHA-256 pass over it, one RSA-3072 signature and the
 * append of a few kilobytes after its bytes.
 */
export function floorWork() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const tail = Buffer.alloc(16 * 1024, 0x20);
  return (pdf) => {
    const digest = createHash('sha256').update(pdf).digest();
    const signature = sign('sha256', digest, privateKey);
    return Buffer.concat([pdf, tail, signature]);
  };
}
