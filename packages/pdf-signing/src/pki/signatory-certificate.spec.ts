import { spawnSync } from 'node:child_process';
import { createHash, KeyObject, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ensureDevelopmentPki } from './development-pki';
import type { PkiMaterial } from './pki-material';
import { DOCUMENT_SIGNING_KEY_PURPOSE, issueSignatoryCertificate } from './signatory-certificate';
import { generateSignatoryKeyPair } from './signatory-keys';
import { webCrypto } from './signing-keys';
import { x509 } from './x509-library';

function openssl(args: string[]): string {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return result.stdout + result.stderr;
}

describe('issueSignatoryCertificate', () => {
  let workDir: string;
  let material: PkiMaterial;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'signatory-certificate-'));
    material = await ensureDevelopmentPki(path.join(workDir, 'pki'));
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('issues a short-lived document-signing certificate under the CA', async () => {
    const now = new Date();
    const issued = await issueSignatoryCertificate(material.certificateAuthority, {
      commonName: 'Łukasz Żółć',
      validityMinutes: 15,
      emailAddress: 'lukasz@example.lu',
      countryName: 'LU',
      now,
    });
    const certificateFile = path.join(workDir, 'signatory.pem');
    const caFile = path.join(workDir, 'ca.pem');
    await writeFile(certificateFile, issued.identity.certificatePem);
    await writeFile(caFile, material.certificateAuthority.certificatePem);
    expect(openssl(['verify', '-CAfile', caFile, certificateFile])).toContain(': OK');

    const text = openssl(['x509', '-in', certificateFile, '-noout', '-text', '-nameopt', 'utf8']);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toMatch(/Extended Key Usage:\s+E-mail Protection, 1\.3\.6\.1\.5\.5\.7\.3\.36/);
    expect(text).toContain('CN=Łukasz Żółć');
    expect(text).toContain('email:lukasz@example.lu');
    expect(DOCUMENT_SIGNING_KEY_PURPOSE).toBe('1.3.6.1.5.5.7.3.36');

    const certificate = new X509Certificate(issued.identity.certificateDer);
    expect(certificate.serialNumber.toLowerCase()).toBe(issued.serialHex);
    expect(issued.fingerprintSha256).toBe(
      createHash('sha256').update(issued.identity.certificateDer).digest('hex'),
    );
    expect(Date.parse(certificate.validTo) - now.getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(issued.identity.chainDer).toEqual([material.certificateAuthority.certificateDer]);
  });

  it('gives every certificate its own key, which cannot be exported', async () => {
    const request = { commonName: 'Ayşe Yılmaz', validityMinutes: 5 };
    const [first, second] = await Promise.all([
      issueSignatoryCertificate(material.certificateAuthority, request),
      issueSignatoryCertificate(material.certificateAuthority, request),
    ]);
    const publicKey = (der: Buffer): string =>
      new X509Certificate(der).publicKey.export({ format: 'der', type: 'spki' }).toString('hex');
    expect(publicKey(first.identity.certificateDer)).not.toBe(publicKey(second.identity.certificateDer));
    expect(first.serialHex).not.toBe(second.serialHex);
    expect(first.identity.privateKey.extractable).toBe(false);
    await expect(webCrypto.subtle.exportKey('pkcs8', first.identity.privateKey)).rejects.toThrow();
  });

  it('certifies an ECDSA P-256 key by default, an RSA-3072 one when asked, with the same profile', async () => {
    const caFile = path.join(workDir, 'ca-profile.pem');
    await writeFile(caFile, material.certificateAuthority.certificatePem);
    for (const [keyType, keyText] of [
      [undefined, /Public Key Algorithm: id-ecPublicKey[\s\S]*NIST CURVE: P-256/],
      ['rsa-3072', /Public Key Algorithm: rsaEncryption[\s\S]*Public-Key: \(3072 bit\)/],
    ] as const) {
      const issued = await issueSignatoryCertificate(material.certificateAuthority, {
        commonName: 'Élodie Müller',
        validityMinutes: 15,
        ...(keyType ? { keyType } : {}),
      });
      const file = path.join(workDir, `signatory-${keyType ?? 'default'}.pem`);
      await writeFile(file, issued.identity.certificatePem);
      expect(openssl(['verify', '-CAfile', caFile, file])).toContain(': OK');
      const text = openssl(['x509', '-in', file, '-noout', '-text']);
      expect(text).toMatch(keyText);
      expect(text).toMatch(/Signature Algorithm: sha256WithRSAEncryption/);
      expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
      expect(text).toMatch(/Extended Key Usage:\s+E-mail Protection, 1\.3\.6\.1\.5\.5\.7\.3\.36/);
      expect(
        new X509Certificate(issued.identity.certificateDer).checkPrivateKey(
          KeyObject.from(issued.identity.privateKey),
        ),
      ).toBe(true);
    }
  });

  it('writes, byte for byte, the certificate the X.509 library makes of the same fields', async () => {
    const request = {
      commonName: 'Łukasz Żółć',
      validityMinutes: 15,
      emailAddress: 'lukasz@example.lu',
      countryName: 'LU',
      crlDistributionPointUrl: 'http://pki.example.lu/root.crl',
    };
    for (const name of [request.commonName, 'Anne Muller', "Jean-Paul O'Neil (fils)"]) {
      const issued = await issueSignatoryCertificate(material.certificateAuthority, {
        ...request,
        commonName: name,
        keyType: 'rsa-3072',
      });
      const ours = new x509.X509Certificate(Uint8Array.from(issued.identity.certificateDer));
      const ca = new x509.X509Certificate(Uint8Array.from(material.certificateAuthority.certificateDer));
      // PKCS#1 v1.5 signatures are deterministic: the same fields give the same bytes.
      const reference = await x509.X509CertificateGenerator.create(
        {
          serialNumber: issued.serialHex,
          subject: [{ C: ['LU'] }, { CN: [name] }],
          issuer: ca.subjectName,
          notBefore: ours.notBefore,
          notAfter: ours.notAfter,
          publicKey: await ours.publicKey.export(webCrypto),
          signingKey: material.certificateAuthority.privateKey,
          signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
          extensions: [
            new x509.BasicConstraintsExtension(false, undefined, true),
            new x509.KeyUsagesExtension(
              x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
              true,
            ),
            new x509.ExtendedKeyUsageExtension([
              x509.ExtendedKeyUsage.emailProtection,
              DOCUMENT_SIGNING_KEY_PURPOSE,
            ]),
            await x509.SubjectKeyIdentifierExtension.create(
              await ours.publicKey.export(webCrypto),
              false,
              webCrypto,
            ),
            new x509.AuthorityKeyIdentifierExtension(
              ca.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId ?? '',
            ),
            new x509.SubjectAlternativeNameExtension([{ type: 'email', value: request.emailAddress }]),
            new x509.CRLDistributionPointsExtension([request.crlDistributionPointUrl]),
          ],
        },
        webCrypto,
      );
      expect(Buffer.from(reference.rawData).toString('hex')).toBe(
        issued.identity.certificateDer.toString('hex'),
      );
    }
  });

  it('certifies the key pair it is given', async () => {
    const keys = await generateSignatoryKeyPair('ecdsa-p256');
    const issued = await issueSignatoryCertificate(material.certificateAuthority, {
      commonName: 'Jean Weber',
      validityMinutes: 5,
      keys,
    });
    expect(issued.identity.privateKey).toBe(keys.privateKey);
    const spki = (key: KeyObject): string => key.export({ format: 'der', type: 'spki' }).toString('hex');
    expect(spki(new X509Certificate(issued.identity.certificateDer).publicKey)).toBe(
      spki(KeyObject.from(keys.publicKey)),
    );
  });

  it('writes a CRL distribution point when one is given', async () => {
    const issued = await issueSignatoryCertificate(material.certificateAuthority, {
      commonName: 'Antonín Dvořák',
      validityMinutes: 5,
      crlDistributionPointUrl: 'http://pki.example.lu/root.crl',
    });
    const file = path.join(workDir, 'with-crl-dp.pem');
    await writeFile(file, issued.identity.certificatePem);
    expect(openssl(['x509', '-in', file, '-noout', '-text'])).toContain('URI:http://pki.example.lu/root.crl');
  });

  it('refuses a validity that is not short', async () => {
    const ca = material.certificateAuthority;
    await expect(issueSignatoryCertificate(ca, { commonName: 'X', validityMinutes: 0 })).rejects.toThrow();
    await expect(
      issueSignatoryCertificate(ca, { commonName: 'X', validityMinutes: 60 * 24 * 30 }),
    ).rejects.toThrow();
  });
});
