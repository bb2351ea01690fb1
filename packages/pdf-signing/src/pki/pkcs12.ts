import { createDecipheriv, createHash, createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import { type ContentInfo } from '@peculiar/asn1-cms';
import { AuthenticatedSafe, CertBag, PFX, SafeContents, type MacData } from '@peculiar/asn1-pfx';
import { EncryptedPrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { AsnConvert } from '@peculiar/asn1-schema';
import type { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { octetStringContent } from './octet-string';
import { OID } from './oids';
import { EncryptedData, Pbes2Params, Pbkdf2Params, Pkcs12PbeParams } from './pkcs12-asn1';

export interface Pkcs12Contents {
  privateKeysPkcs8: Buffer[];
  certificatesDer: Buffer[];
}

/** The password does not open the file: the MAC does not match or decryption fails. */
export class Pkcs12PasswordError extends Error {}
/** Encrypted with RC2 or RC4 (OpenSSL 1.x and older Java defaults), which node:crypto no longer offers. */
export class Pkcs12LegacyEncryptionError extends Error {}

const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
  safeContents: '1.2.840.113549.1.12.10.1.6',
};
const X509_CERTIFICATE = '1.2.840.113549.1.9.22.1';
const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
const PBE_SHA1_3DES = '1.2.840.113549.1.12.1.3';
const LEGACY_PBE_PREFIX = '1.2.840.113549.1.12.1.';
const CIPHERS: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};
const HASHES: Record<string, { name: string; blockLength: number }> = {
  [OID.sha1]: { name: 'sha1', blockLength: 64 },
  [OID.sha256]: { name: 'sha256', blockLength: 64 },
  [OID.sha384]: { name: 'sha384', blockLength: 128 },
  [OID.sha512]: { name: 'sha512', blockLength: 128 },
};
/** PBKDF2's default pseudo-random function (RFC 8018 §A.2). */
const HMAC_WITH_SHA1 = '1.2.840.113549.2.7';
const PRF_HASHES: Record<string, string> = {
  [HMAC_WITH_SHA1]: 'sha1',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

/**
 * Opens a password-integrity PKCS#12 file (RFC 7292): checks its MAC, decrypts PBES2 (AES, 3DES) and
 * PKCS#12 3DES content, and returns the PKCS#8 keys and DER certificates it holds.
 */
export function readPkcs12(der: Buffer, password: string): Pkcs12Contents {
  const pfx = AsnConvert.parse(der, PFX);
  if (pfx.authSafe.contentType !== OID.data) {
    throw new Error('only password-protected PKCS#12 files are supported, not public-key protected ones');
  }
  const authenticatedSafeDer = octetStringContent(pfx.authSafe.content);
  // The schema fills in an empty MacData when the file has none (`openssl pkcs12 -nomac`).
  if (pfx.macData.mac.digestAlgorithm.algorithm) {
    assertMac(pfx.macData, authenticatedSafeDer, password);
  }
  const contents: Pkcs12Contents = { privateKeysPkcs8: [], certificatesDer: [] };
  for (const contentInfo of AsnConvert.parse(authenticatedSafeDer, AuthenticatedSafe)) {
    collectBags(AsnConvert.parse(safeContentsOf(contentInfo, password), SafeContents), password, contents);
  }
  return contents;
}

function safeContentsOf(contentInfo: ContentInfo, password: string): Buffer {
  if (contentInfo.contentType === OID.data) return octetStringContent(contentInfo.content);
  if (contentInfo.contentType === OID.encryptedData) {
    const { encryptedContentInfo } = AsnConvert.parse(contentInfo.content, EncryptedData);
    const encrypted = encryptedContentInfo.encryptedContent;
    const ciphertext =
      encrypted?.value ?? (encrypted?.constructedValue && concatOctets(encrypted.constructedValue));
    if (!ciphertext) throw new Error('an encrypted SafeContents has no content');
    return decrypt(encryptedContentInfo.contentEncryptionAlgorithm, Buffer.from(ciphertext.buffer), password);
  }
  throw new Error(`SafeContents of type ${contentInfo.contentType} are not supported`);
}

function collectBags(safeContents: SafeContents, password: string, contents: Pkcs12Contents): void {
  for (const bag of safeContents) {
    if (bag.bagId === BAG.key) {
      contents.privateKeysPkcs8.push(Buffer.from(bag.bagValue));
    } else if (bag.bagId === BAG.shroudedKey) {
      const shrouded = AsnConvert.parse(bag.bagValue, EncryptedPrivateKeyInfo);
      const encrypted = Buffer.from(shrouded.encryptedData.buffer);
      contents.privateKeysPkcs8.push(decrypt(shrouded.encryptionAlgorithm, encrypted, password));
    } else if (bag.bagId === BAG.certificate) {
      const certBag = AsnConvert.parse(bag.bagValue, CertBag);
      if (certBag.certId === X509_CERTIFICATE)
        contents.certificatesDer.push(octetStringContent(certBag.certValue));
    } else if (bag.bagId === BAG.safeContents) {
      collectBags(AsnConvert.parse(bag.bagValue, SafeContents), password, contents);
    }
  }
}

/** RFC 7292 §5 and Appendix B: HMAC over the AuthenticatedSafe with a key from the PKCS#12 KDF. */
function assertMac(macData: MacData, authenticatedSafeDer: Buffer, password: string): void {
  const hash = HASHES[macData.mac.digestAlgorithm.algorithm];
  if (!hash) throw new Error(`MAC algorithm ${macData.mac.digestAlgorithm.algorithm} is not supported`);
  const expected = Buffer.from(macData.mac.digest.buffer);
  const salt = Buffer.from(macData.macSalt.buffer);
  const key = pkcs12Kdf(hash, bmpPassword(password), salt, 3, macData.iterations, expected.length);
  const actual = createHmac(hash.name, key).update(authenticatedSafeDer).digest();
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new Pkcs12PasswordError('the password is wrong or the file is damaged (MAC check failed)');
  }
}

function decrypt(algorithm: AlgorithmIdentifier, ciphertext: Buffer, password: string): Buffer {
  const { key, iv, cipher } = deriveCipher(algorithm, password);
  try {
    const decipher = createDecipheriv(cipher, key, iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch (error) {
    throw new Pkcs12PasswordError('the password is wrong or the file is damaged (decryption failed)', {
      cause: error,
    });
  }
}

interface DerivedCipher {
  key: Buffer;
  iv: Buffer;
  cipher: string;
}

function deriveCipher(algorithm: AlgorithmIdentifier, password: string): DerivedCipher {
  const parameters = algorithm.parameters ?? new ArrayBuffer(0);
  if (algorithm.algorithm === PBES2) return pbes2Cipher(AsnConvert.parse(parameters, Pbes2Params), password);
  if (algorithm.algorithm === PBE_SHA1_3DES) {
    const pbe = AsnConvert.parse(parameters, Pkcs12PbeParams);
    const salt = Buffer.from(pbe.salt.buffer);
    const sha1 = HASHES[OID.sha1] as { name: string; blockLength: number };
    const key = pkcs12Kdf(sha1, bmpPassword(password), salt, 1, pbe.iterations, 24);
    const iv = pkcs12Kdf(sha1, bmpPassword(password), salt, 2, pbe.iterations, 8);
    return { key, iv, cipher: 'des-ede3-cbc' };
  }
  if (algorithm.algorithm.startsWith(LEGACY_PBE_PREFIX)) {
    throw new Pkcs12LegacyEncryptionError(`legacy PKCS#12 encryption ${algorithm.algorithm} (RC2/RC4)`);
  }
  throw new Error(`encryption algorithm ${algorithm.algorithm} is not supported`);
}

/** RFC 8018 §6.2 PBES2 with PBKDF2, as OpenSSL 3, Windows (AES256-SHA256) and Java 12+ write it. */
function pbes2Cipher(pbes2: Pbes2Params, password: string): DerivedCipher {
  const { keyDerivationFunc, encryptionScheme } = pbes2;
  const cipher = CIPHERS[encryptionScheme.algorithm];
  if (keyDerivationFunc.algorithm !== PBKDF2 || !cipher) {
    throw new Error(
      `PBES2 with ${keyDerivationFunc.algorithm} and ${encryptionScheme.algorithm} is not supported`,
    );
  }
  const kdf = AsnConvert.parse(keyDerivationFunc.parameters ?? new ArrayBuffer(0), Pbkdf2Params);
  const prf = PRF_HASHES[kdf.prf?.algorithm ?? HMAC_WITH_SHA1];
  if (!prf) throw new Error(`PBKDF2 pseudo-random function ${kdf.prf?.algorithm} is not supported`);
  // RFC 7292 leaves the PBES2 password encoding open; OpenSSL, Windows and Java all use UTF-8.
  const passwordBytes = Buffer.from(password, 'utf8');
  const salt = Buffer.from(kdf.salt.buffer);
  const key = pbkdf2Sync(passwordBytes, salt, kdf.iterationCount, cipher.keyLength, prf);
  const iv = octetStringContent(encryptionScheme.parameters ?? new ArrayBuffer(0));
  return { key, iv, cipher: cipher.name };
}

/**
 * RFC 7292 Appendix B.2 key derivation. `id` selects the purpose: 1 key, 2 IV, 3 MAC key.
 */
function pkcs12Kdf(
  hash: { name: string; blockLength: number },
  password: Buffer,
  salt: Buffer,
  id: number,
  iterations: number,
  length: number,
): Buffer {
  const v = hash.blockLength;
  const diversifier = Buffer.alloc(v, id);
  const input = Buffer.concat([repeatToBlocks(salt, v), repeatToBlocks(password, v)]);
  const output: Buffer[] = [];
  for (let produced = 0; produced < length;) {
    let block = createHash(hash.name).update(diversifier).update(input).digest();
    for (let round = 1; round < iterations; round++) block = createHash(hash.name).update(block).digest();
    output.push(block);
    produced += block.length;
    const adjustment = Buffer.alloc(v, block);
    for (let offset = 0; offset < input.length; offset += v)
      addOneAndAdjustment(input, offset, v, adjustment);
  }
  return Buffer.concat(output).subarray(0, length);
}

/** I_j = (I_j + B + 1) mod 2^(v·8), big-endian, in place. */
function addOneAndAdjustment(input: Buffer, offset: number, v: number, adjustment: Buffer): void {
  let carry = 1;
  for (let index = v - 1; index >= 0; index--) {
    const sum = (input[offset + index] ?? 0) + (adjustment[index] ?? 0) + carry;
    input[offset + index] = sum & 0xff;
    carry = sum >> 8;
  }
}

function repeatToBlocks(data: Buffer, v: number): Buffer {
  if (data.length === 0) return Buffer.alloc(0);
  const length = v * Math.ceil(data.length / v);
  return Buffer.alloc(length, data);
}

/** RFC 7292 Appendix B.1: the password as a BMPString (UTF-16 big-endian) with a two-byte terminator. */
function bmpPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'utf16le').swap16(), Buffer.alloc(2)]);
}

function concatOctets(parts: { buffer: ArrayBuffer }[]): { buffer: ArrayBuffer } {
  return { buffer: Uint8Array.from(Buffer.concat(parts.map((part) => Buffer.from(part.buffer)))).buffer };
}
