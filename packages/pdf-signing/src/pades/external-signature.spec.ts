import { KeyObject, privateEncrypt, sign as nodeSign, constants, webcrypto } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { issueSignatoryCertificate } from '../pki/signatory-certificate';
import {
  FIXTURES_DIR,
  checkSignedPdf,
  cornerBox,
  createTestPki,
  normalise,
  type TestPki,
} from '../testing/pades-test-kit';
import {
  ExternalSignatureError,
  completeExternalSignature,
  prepareExternalSignature,
  type ExternalSigner,
} from './external-signature';
import { readRevision } from './pdf-revision';

/** DigestInfo for SHA-256 (RFC 8017 §9.2 note 1): what an RSA PKCS#1 v1.5 signature of a bare hash wraps. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

interface ProviderKey {
  signer: ExternalSigner;
  privateKey: KeyObject;
}

/** A key held "at the provider": certified under the test CA, used here only through its hash-signing. */
async function providerKey(pki: TestPki, algorithm: 'rsa' | 'ec'): Promise<ProviderKey> {
  const keys = await webcrypto.subtle.generateKey(
    algorithm === 'rsa'
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        }
      : { name: 'ECDSA', namedCurve: 'P-256' },
    true,
    ['sign', 'verify'],
  );
  const issued = await issueSignatoryCertificate(pki.material.certificateAuthority, {
    commonName: 'Élise Provider-Test',
    validityMinutes: 15,
    keys,
  });
  return {
    signer: { certificateDer: issued.identity.certificateDer, chainDer: issued.identity.chainDer },
    privateKey: KeyObject.from(keys.privateKey),
  };
}

/** What signHash does with an RSA key: PKCS#1 v1.5 over the hash alone. */
function signHashRsa(key: KeyObject, hash: Buffer): Buffer {
  return privateEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([SHA256_DIGEST_INFO, hash]),
  );
}

describe('signatures made elsewhere (prepared, signed by a provider, completed)', () => {
  let pki: TestPki;
  let pdf: Buffer;

  beforeAll(async () => {
    pki = await createTestPki();
    pdf = await normalise(readFileSync(path.join(FIXTURES_DIR, 'pdflatex-4-pages.pdf')));
  });
  afterAll(() => pki.cleanup());

  const prepare = async (key: ProviderKey) =>
    prepareExternalSignature(await readRevision(pdf), {
      signer: key.signer,
      timestamped: true,
      name: 'Élise Provider-Test',
      reason: 'Signature électronique qualifiée',
      signingTime: new Date(),
      appearance: {
        pageIndex: 0,
        rect: cornerBox({ width: 612, height: 792 }, 'bottom-left'),
        lines: ['Élise Provider-Test'],
      },
    });

  it('an RSA signature of the hash alone becomes a PAdES B-T signature the validators accept', async () => {
    const key = await providerKey(pki, 'rsa');
    const prepared = await prepare(key);
    expect(prepared.pdf.subarray(0, pdf.length).equals(pdf)).toBe(true);
    const signed = await completeExternalSignature(
      prepared,
      key.signer,
      signHashRsa(key.privateKey, prepared.toBeSignedSha256),
      pki.timestampAuthority,
    );
    expect(signed.length).toBe(prepared.pdf.length);
    const file = path.join(pki.directory, 'external-rsa.pdf');
    writeFileSync(file, signed);
    const result = checkSignedPdf(file, pki.caFile, 1, 'B-T');
    if (!result.ok) throw new Error(result.output);
  });

  it('ECDSA values are taken DER-encoded or as r‖s, and embedded as DER', async () => {
    const key = await providerKey(pki, 'ec');
    for (const dsaEncoding of ['der', 'ieee-p1363'] as const) {
      const prepared = await prepare(key);
      const value = nodeSign('sha256', prepared.signedAttributes, { key: key.privateKey, dsaEncoding });
      const signed = await completeExternalSignature(prepared, key.signer, value);
      const file = path.join(pki.directory, `external-ec-${dsaEncoding}.pdf`);
      writeFileSync(file, signed);
      const result = checkSignedPdf(file, pki.caFile, 1, 'B-B');
      if (!result.ok) throw new Error(`${dsaEncoding}: ${result.output}`);
    }
  });

  it('refuses a value that does not verify: another hash, another key, or garbage', async () => {
    const key = await providerKey(pki, 'rsa');
    const other = await providerKey(pki, 'rsa');
    const prepared = await prepare(key);
    const values = [
      signHashRsa(key.privateKey, Buffer.alloc(32, 7)),
      signHashRsa(other.privateKey, prepared.toBeSignedSha256),
      Buffer.from('not a signature'),
    ];
    for (const value of values) {
      await expect(completeExternalSignature(prepared, key.signer, value)).rejects.toMatchObject({
        code: 'SIGNATURE_DOES_NOT_VERIFY',
      });
    }
  });

  it('refuses a prepared file changed while the provider was asked, or completed for another certificate', async () => {
    const key = await providerKey(pki, 'rsa');
    const other = await providerKey(pki, 'rsa');
    const prepared = await prepare(key);
    const value = signHashRsa(key.privateKey, prepared.toBeSignedSha256);
    const changed = Buffer.from(prepared.pdf);
    changed[100] = (changed[100] ?? 0) ^ 1;
    await expect(
      completeExternalSignature({ ...prepared, pdf: changed }, key.signer, value),
    ).rejects.toBeInstanceOf(ExternalSignatureError);
    const filled = Buffer.from(prepared.pdf);
    filled.write('AB', prepared.contentsOffset, 'latin1');
    await expect(
      completeExternalSignature({ ...prepared, pdf: filled }, key.signer, value),
    ).rejects.toMatchObject({
      code: 'PREPARED_FILE_CHANGED',
    });
    await expect(completeExternalSignature(prepared, other.signer, value)).rejects.toMatchObject({
      code: 'PREPARED_FILE_CHANGED',
    });
    // The refusals changed nothing: the right value still completes the same prepared file.
    await expect(completeExternalSignature(prepared, key.signer, value)).resolves.toBeInstanceOf(Buffer);
  });
});
