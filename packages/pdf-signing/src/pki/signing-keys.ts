import { KeyObject, X509Certificate, createPrivateKey, randomBytes } from 'node:crypto';

/**
 * One WebCrypto implementation for key generation, signing and @peculiar/x509: a CryptoKey made by
 * one provider cannot be used by another, so everything in this module goes through this instance.
 */
export const webCrypto: Crypto = globalThis.crypto;

/**
 * RSA PKCS#1 v1.5 with SHA-256: the combination every PDF validator accepts (Adobe, poppler/NSS,
 * EU DSS, openssl). RSA-PSS and ECDSA still trip older Adobe Reader and some NSS builds.
 */
export const RSA_SIGNING_ALGORITHM: RsaHashedImportParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

const RSA_MODULUS_BITS = 3072;
const NODE_CURVE_TO_WEBCRYPTO: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/** `extractable: false` makes a private key that can sign but never be exported (the public key always can). */
export async function generateRsaSigningKeyPair(extractable = true): Promise<CryptoKeyPair> {
  return webCrypto.subtle.generateKey(
    { ...RSA_SIGNING_ALGORITHM, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    extractable,
    ['sign', 'verify'],
  );
}

/**
 * A random 128-bit positive integer, as RFC 5280 §4.1.2.2 wants for certificate serials and RFC 3161
 * for token serials. The top bit is cleared so the DER INTEGER stays positive without a leading zero,
 * and the next one set so the value always takes the full 16 octets.
 */
export function randomPositiveSerial(): Buffer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  return serial;
}

/** Imports a PKCS#8 private key (RSA or NIST-curve EC) as a non-extractable signing key. */
export async function importSigningKey(pkcs8Der: Uint8Array): Promise<CryptoKey> {
  const keyObject = createPrivateKey({ key: Buffer.from(pkcs8Der), format: 'der', type: 'pkcs8' });
  return webCrypto.subtle.importKey(
    'pkcs8',
    toArrayBuffer(pkcs8Der),
    webCryptoAlgorithmFor(keyObject),
    false,
    ['sign'],
  );
}

/** A standalone copy: WebCrypto and the ASN.1 schemas want an ArrayBuffer, and a Buffer may be a view into a pool. */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return Uint8Array.from(bytes).buffer;
}

function webCryptoAlgorithmFor(keyObject: KeyObject): RsaHashedImportParams | EcKeyImportParams {
  if (keyObject.asymmetricKeyType === 'rsa') {
    return RSA_SIGNING_ALGORITHM;
  }
  const namedCurve = NODE_CURVE_TO_WEBCRYPTO[keyObject.asymmetricKeyDetails?.namedCurve ?? ''];
  if (keyObject.asymmetricKeyType === 'ec' && namedCurve) {
    return { name: 'ECDSA', namedCurve };
  }
  throw new Error(`unsupported private key type ${keyObject.asymmetricKeyType ?? 'unknown'}`);
}

export function privateKeyMatchesCertificate(certificateDer: Uint8Array, privateKey: CryptoKey): boolean {
  return new X509Certificate(certificateDer).checkPrivateKey(KeyObject.from(privateKey));
}

export async function exportPkcs8(privateKey: CryptoKey): Promise<Buffer> {
  return Buffer.from(await webCrypto.subtle.exportKey('pkcs8', privateKey));
}
