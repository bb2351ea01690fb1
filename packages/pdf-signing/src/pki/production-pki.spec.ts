import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createSignedData } from './cms-signed-data';
import { DEVELOPMENT_PKI_FILES as FILES, ensureDevelopmentPki } from './development-pki';
import { OID } from './oids';
import { Pkcs12LegacyEncryptionError, readPkcs12 } from './pkcs12';
import { PkiMaterialError, type PkiMaterial, type SealMaterial } from './pki-material';
import { loadProductionPki } from './production-pki';

const PASSWORD = 'Pässwörd-€-seal';

describe('loadProductionPki', () => {
  let workDir: string;
  let development: PkiMaterial;
  const at = (name: string): string => path.join(workDir, name);
  const pkiFile = (name: string): string => path.join(development.directory, name);

  /** `openssl pkcs12 -export` of the development seal; the password travels in the environment. */
  function exportPkcs12(name: string, options: string[], password = PASSWORD): string {
    const output = at(name);
    execFileSync(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-inkey',
        pkiFile(FILES.sealKey),
        '-in',
        pkiFile(FILES.sealCertificate),
        ...options,
        '-out',
        output,
        '-passout',
        'env:P12_PASSWORD',
      ],
      { env: { ...process.env, P12_PASSWORD: password }, stdio: 'ignore' },
    );
    return output;
  }

  function expectTheDevelopmentSeal(material: SealMaterial): void {
    expect(material.seal.certificateDer.equals(development.seal.certificateDer)).toBe(true);
    expect(material.seal.chainDer).toEqual([development.certificateAuthority.certificateDer]);
    expect(material.trustBundlePem()).toBe(development.certificateAuthority.certificatePem);
    expect(material.seal.privateKey.extractable).toBe(false);
  }

  /** Signs bytes as a detached CMS (the PAdES shape) and returns what `openssl cms -verify` says. */
  async function verifyDetachedSignature(material: SealMaterial, name: string): Promise<string> {
    const content = Buffer.from('bytes covered by a PDF signature ByteRange');
    const signature = await createSignedData({
      contentType: OID.data,
      content,
      encapsulate: false,
      signer: material.seal,
      certificatesDer: [material.seal.certificateDer, ...material.seal.chainDer],
    });
    await writeFile(at(`${name}-content.bin`), content);
    await writeFile(at(`${name}-signature.der`), signature);
    const verification = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        at(`${name}-signature.der`),
        '-content',
        at(`${name}-content.bin`),
        '-CAfile',
        pkiFile(FILES.rootCertificate),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8' },
    );
    return verification.stdout + verification.stderr;
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'production-pki-'));
    development = await ensureDevelopmentPki(path.join(workDir, 'pki'));
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it.each([
    ['AES-256 with a SHA-256 MAC (the OpenSSL 3 default)', 'aes.p12', []],
    [
      'PKCS#12 triple DES with a SHA-1 MAC (Windows "TripleDES-SHA1")',
      'des.p12',
      ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'],
    ],
    ['RC2-40 certificates (OpenSSL 1.x and older Java), through openssl', 'legacy.p12', ['-legacy']],
    ['no MAC', 'nomac.p12', ['-nomac']],
  ])('loads the seal, its chain and its key from a PKCS#12 file with %s', async (_case, name, options) => {
    const pkcs12Path = exportPkcs12(name, ['-certfile', pkiFile(FILES.rootCertificate), ...options]);
    expectTheDevelopmentSeal(await loadProductionPki({ pkcs12Path, pkcs12Password: PASSWORD }));
  });

  it('hands RC2-encrypted files to openssl because node:crypto cannot decrypt them', async () => {
    const legacy = await readFile(exportPkcs12('legacy-only.p12', ['-legacy']));
    expect(() => readPkcs12(legacy, PASSWORD)).toThrow(Pkcs12LegacyEncryptionError);
  });

  it('loads an ECDSA P-256 seal whose CMS signatures openssl verifies', async () => {
    const openssl = (args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
    openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', at('ec-key.pem')]);
    openssl([
      'req',
      '-new',
      '-key',
      at('ec-key.pem'),
      '-subj',
      '/C=LU/O=EC Chamber/CN=EC Chamber',
      '-out',
      at('ec.csr'),
    ]);
    await writeFile(at('ec.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\n');
    openssl([
      'x509',
      '-req',
      '-in',
      at('ec.csr'),
      '-CA',
      pkiFile(FILES.rootCertificate),
      '-CAkey',
      pkiFile(FILES.rootKey),
      '-days',
      '30',
      '-extfile',
      at('ec.ext'),
      '-out',
      at('ec.pem'),
    ]);
    const pkcs12Path = at('ec.p12');
    execFileSync(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-inkey',
        at('ec-key.pem'),
        '-in',
        at('ec.pem'),
        '-out',
        pkcs12Path,
        '-passout',
        'pass:ec',
      ],
      { stdio: 'ignore' },
    );
    const material = await loadProductionPki({
      pkcs12Path,
      pkcs12Password: 'ec',
      trustBundlePath: pkiFile(FILES.rootCertificate),
    });
    expect(material.seal.privateKey.algorithm.name).toBe('ECDSA');
    expect(await verifyDetachedSignature(material, 'ec')).toContain('Verification successful');
  });

  it('completes the chain from the trust bundle when the file holds only the seal certificate', async () => {
    const pkcs12Path = exportPkcs12('seal-only.p12', []);
    const alone = await loadProductionPki({ pkcs12Path, pkcs12Password: PASSWORD });
    expect(alone.seal.chainDer).toEqual([]);
    expect(alone.trustBundlePem()).toBe('');
    const trustBundlePath = pkiFile(FILES.rootCertificate);
    expectTheDevelopmentSeal(
      await loadProductionPki({ pkcs12Path, pkcs12Password: PASSWORD, trustBundlePath }),
    );
  });

  it('gives a key that makes CMS signatures openssl verifies against the chamber root', async () => {
    const pkcs12Path = exportPkcs12('signing.p12', ['-certfile', pkiFile(FILES.rootCertificate)]);
    const material = await loadProductionPki({ pkcs12Path, pkcs12Password: PASSWORD });
    expect(await verifyDetachedSignature(material, 'rsa')).toContain('Verification successful');
  });

  it('refuses a wrong password with a clear error that does not repeat either password', async () => {
    const pkcs12Path = exportPkcs12('wrong-password.p12', []);
    const attempt = loadProductionPki({ pkcs12Path, pkcs12Password: 'not-the-password' });
    await expect(attempt).rejects.toBeInstanceOf(PkiMaterialError);
    await expect(attempt).rejects.toThrow(`${pkcs12Path}: the password is wrong or the file is damaged`);
    await attempt.catch((error: Error) => {
      expect(error.message).not.toContain('not-the-password');
      expect(error.message).not.toContain(PASSWORD);
    });
  });

  it.each([
    ['a missing file', (): string => at('absent.p12'), 'cannot be read'],
    ['a PEM file', (): string => pkiFile(FILES.sealCertificate), 'is not a usable PKCS#12 file'],
    ['a file without a key', (): string => exportPkcs12('no-key.p12', ['-nokeys']), 'holds 0 private keys'],
    [
      'a file without the certificate',
      (): string => exportPkcs12('no-cert.p12', ['-nocerts']),
      'no certificate for',
    ],
  ])('refuses %s and names it', async (_case, makeFile, reason) => {
    const pkcs12Path = makeFile();
    const attempt = loadProductionPki({ pkcs12Path, pkcs12Password: PASSWORD });
    await expect(attempt).rejects.toThrow(pkcs12Path);
    await expect(attempt).rejects.toThrow(reason);
  });
});
