import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DEVELOPMENT_PKI_FILES as FILES, ensureDevelopmentPki } from './development-pki';
import { PkiMaterialError, type PkiMaterial } from './pki-material';

const CHAMBER = 'Chambre Immobilière du Grand-Duché de Luxembourg';

function openssl(args: string[]): string {
  return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function x509Text(file: string): string {
  return openssl(['x509', '-in', file, '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus_space']);
}

/** A self-signed certificate over the seal key: right key, wrong issuer. */
function foreignCertificatePem(dir: string): string {
  const key = path.join(dir, FILES.sealKey);
  return openssl(['req', '-x509', '-new', '-key', key, '-subj', '/CN=Someone else', '-days', '1']);
}

async function copyWithChange(source: string, change: (copy: string) => Promise<void>): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'pki-copy-'));
  await cp(source, copy, { recursive: true });
  await change(copy);
  return copy;
}

describe('ensureDevelopmentPki', () => {
  let workDir: string;
  let pkiDir: string;
  let material: PkiMaterial;
  const at = (name: string): string => path.join(pkiDir, name);

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'development-pki-'));
    pkiDir = path.join(workDir, 'data', 'pki');
    material = await ensureDevelopmentPki(pkiDir, {
      productName: 'eSign',
      organizationName: CHAMBER,
      organizationIdentifier: 'NTRLU-B000000',
    });
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('reuses the generated files on later calls instead of generating new ones', async () => {
    const again = await ensureDevelopmentPki(pkiDir);
    expect(
      again.certificateAuthority.certificateDer.equals(material.certificateAuthority.certificateDer),
    ).toBe(true);
    expect(again.seal.certificateDer.equals(material.seal.certificateDer)).toBe(true);
    expect(again.timestamping.certificateDer.equals(material.timestamping.certificateDer)).toBe(true);
  });

  it('keeps the directory private and the keys readable by the owner only', async () => {
    expect((await stat(pkiDir)).mode & 0o777).toBe(0o700);
    for (const key of [FILES.rootKey, FILES.sealKey, FILES.timestampingKey]) {
      expect((await stat(at(key))).mode & 0o777).toBe(0o600);
      expect(await readFile(at(key), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    }
    expect((await readdir(path.dirname(pkiDir))).sort()).toEqual(['pki']);
  });

  it('exposes the root as the trust bundle and as the chain of both end-entity certificates', async () => {
    expect(material.trustBundlePem()).toBe(await readFile(at(FILES.rootCertificate), 'utf8'));
    expect(material.seal.certificatePem).toBe(await readFile(at(FILES.sealCertificate), 'utf8'));
    expect(material.seal.chainDer).toEqual([material.certificateAuthority.certificateDer]);
    expect(material.timestamping.chainDer).toEqual([material.certificateAuthority.certificateDer]);
    expect(material.seal.privateKey.extractable).toBe(false);
    expect(material.timestamping.privateKey.type).toBe('private');
  });

  it('issues certificates that openssl verifies against the root for signing and time-stamping', () => {
    const root = at(FILES.rootCertificate);
    const seal = at(FILES.sealCertificate);
    const tsa = at(FILES.timestampingCertificate);
    expect(openssl(['verify', '-CAfile', root, seal])).toBe(`${seal}: OK\n`);
    expect(openssl(['verify', '-CAfile', root, '-purpose', 'smimesign', seal])).toBe(`${seal}: OK\n`);
    expect(openssl(['verify', '-CAfile', root, '-purpose', 'timestampsign', tsa])).toBe(`${tsa}: OK\n`);
  });

  it('makes a critical CA root limited to certificate and CRL signing', () => {
    const text = x509Text(at(FILES.rootCertificate));
    expect(text).toContain('Subject: C=LU, O=Development only, CN=eSign Development Root CA');
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign, CRL Sign\n/);
    expect(text).toMatch(/Signature Algorithm: sha256WithRSAEncryption/);
    expect(text).toMatch(/Public-Key: \(3072 bit\)/);
  });

  it('makes a seal certificate for the chamber with non-repudiation and no extended key usage', () => {
    const text = x509Text(at(FILES.sealCertificate));
    expect(text).toContain(
      `Subject: C=LU, O=${CHAMBER}, organizationIdentifier=NTRLU-B000000, CN=${CHAMBER}`,
    );
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation\n/);
    expect(text).not.toContain('Extended Key Usage');
    expect(text).toMatch(/CA:FALSE/);
    expect(text).toMatch(/X509v3 Subject Key Identifier/);
    expect(text).toMatch(/X509v3 Authority Key Identifier/);
  });

  it('makes a time-stamping certificate whose only, critical, extended key usage is timeStamping', () => {
    const text = x509Text(at(FILES.timestampingCertificate));
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\n/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
  });

  it('uses random positive 16-byte serial numbers', () => {
    const serials = [FILES.rootCertificate, FILES.sealCertificate, FILES.timestampingCertificate].map(
      (file) =>
        openssl(['x509', '-in', at(file), '-noout', '-serial'])
          .trim()
          .replace('serial=', ''),
    );
    serials.forEach((serial) => expect(serial).toMatch(/^[4-7][0-9A-F]{31}$/));
    expect(new Set(serials).size).toBe(3);
  });

  const hasCertutil = spawnSync('certutil', ['-H'], { stdio: 'ignore' }).error === undefined;
  (hasCertutil ? it : it.skip)(
    'passes NSS (the library behind pdfsig) as an e-mail signer certificate',
    async () => {
      const nssDir = path.join(workDir, 'nss');
      await mkdir(nssDir);
      const certutil = (args: string[]): string =>
        execFileSync('certutil', ['-d', `sql:${nssDir}`, ...args], { encoding: 'utf8' });
      certutil(['-N', '--empty-password']);
      certutil(['-A', '-n', 'root', '-t', 'C,C,C', '-i', at(FILES.rootCertificate)]);
      certutil(['-A', '-n', 'seal', '-t', ',,', '-i', at(FILES.sealCertificate)]);
      expect(certutil(['-V', '-n', 'seal', '-u', 'S'])).toContain('certificate is valid');
    },
  );

  it('generates once when called concurrently on an existing empty directory', async () => {
    const emptyDir = path.join(workDir, 'empty');
    await mkdir(emptyDir);
    const [first, second] = await Promise.all([
      ensureDevelopmentPki(emptyDir),
      ensureDevelopmentPki(emptyDir),
    ]);
    expect(first.seal.certificateDer.equals(second.seal.certificateDer)).toBe(true);
    expect((await readdir(emptyDir)).sort()).toEqual(Object.values(FILES).sort());
  });

  it.each([
    [
      'a damaged certificate',
      FILES.sealCertificate,
      (dir: string) => writeFile(path.join(dir, FILES.sealCertificate), 'garbage'),
    ],
    ['a missing key', FILES.timestampingKey, (dir: string) => rm(path.join(dir, FILES.timestampingKey))],
    [
      'a key that belongs to another certificate',
      FILES.sealKey,
      (dir: string) => cp(path.join(dir, FILES.timestampingKey), path.join(dir, FILES.sealKey)),
    ],
    [
      'a certificate from another issuer',
      FILES.sealCertificate,
      (dir: string) => writeFile(path.join(dir, FILES.sealCertificate), foreignCertificatePem(dir)),
    ],
  ])('refuses %s and names the file', async (_case, fileName, damage) => {
    const damaged = await copyWithChange(pkiDir, async (dir) => {
      await damage(dir);
    });
    try {
      const attempt = ensureDevelopmentPki(damaged);
      await expect(attempt).rejects.toBeInstanceOf(PkiMaterialError);
      await expect(attempt).rejects.toThrow(path.join(damaged, fileName));
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });
});
