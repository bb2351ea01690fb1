import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContentInfo, SignedData, type SignerInfo } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { createSignedData } from './cms-signed-data';
import { DEVELOPMENT_PKI_FILES as FILES, ensureDevelopmentPki } from './development-pki';
import { LocalTimestampAuthority } from './local-timestamp-authority';
import { OID } from './oids';
import type { PkiMaterial } from './pki-material';
import { verifyTimestampTokenIntegrity } from './timestamp-token';

const SIGNING_TIME_ATTRIBUTE = '1.2.840.113549.1.9.5';

function openssl(args: string[]): string {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return result.stdout + result.stderr;
}

describe('createSignedData', () => {
  let workDir: string;
  let material: PkiMaterial;
  let signature: Buffer;
  let signerInfo: SignerInfo;
  const content = Buffer.from('%PDF-1.7 the bytes a ByteRange covers');
  const at = (name: string): string => path.join(workDir, name);

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'cms-signed-data-'));
    material = await ensureDevelopmentPki(path.join(workDir, 'pki'));
    signature = await createSignedData({
      contentType: OID.data,
      content,
      encapsulate: false,
      signer: material.seal,
      certificatesDer: [material.seal.certificateDer, ...material.seal.chainDer],
      signatureTimestampAuthority: new LocalTimestampAuthority(material.timestamping),
    });
    const signedData = AsnConvert.parse(AsnConvert.parse(signature, ContentInfo).content, SignedData);
    signerInfo = signedData.signerInfos[0] as SignerInfo;
    await writeFile(at('content.bin'), content);
    await writeFile(at('signature.der'), signature);
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('makes a detached signature that openssl verifies as an S/MIME signer against the root', () => {
    const output = openssl([
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      at('signature.der'),
      '-content',
      at('content.bin'),
      '-CAfile',
      path.join(material.directory, FILES.rootCertificate),
      '-out',
      '/dev/null',
    ]);
    expect(output).toContain('Verification successful');
  });

  it('signs content-type, message-digest and signing-certificate-v2, and no signing-time (PAdES B-B)', () => {
    const types = signerInfo.signedAttrs?.map((attribute) => attribute.attrType);
    expect(types?.sort()).toEqual(
      [OID.contentTypeAttribute, OID.messageDigestAttribute, OID.signingCertificateV2Attribute].sort(),
    );
    expect(types).not.toContain(SIGNING_TIME_ATTRIBUTE);
  });

  it('adds a signature time-stamp over the signature value that openssl verifies (PAdES B-T)', async () => {
    const attribute = signerInfo.unsignedAttrs?.find(
      (item) => item.attrType === OID.signatureTimestampAttribute,
    );
    const token = Buffer.from(attribute?.attrValues[0] as ArrayBuffer);
    const signatureValueDigest = createHash('sha256')
      .update(Buffer.from(signerInfo.signature.buffer))
      .digest();
    const { tstInfo } = verifyTimestampTokenIntegrity(token);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage).equals(signatureValueDigest)).toBe(true);
    await writeFile(at('signature-timestamp.tst'), token);
    const output = openssl([
      'ts',
      '-verify',
      '-digest',
      signatureValueDigest.toString('hex'),
      '-token_in',
      '-in',
      at('signature-timestamp.tst'),
      '-CAfile',
      path.join(material.directory, FILES.rootCertificate),
      '-untrusted',
      path.join(material.directory, FILES.timestampingCertificate),
    ]);
    expect(output).toContain('Verification: OK');
  });
});
