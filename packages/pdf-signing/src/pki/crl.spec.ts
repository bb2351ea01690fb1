import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { issueCrl } from './crl';
import { ensureDevelopmentPki } from './development-pki';
import type { PkiMaterial } from './pki-material';
import { issueSignatoryCertificate } from './signatory-certificate';
import { x509 } from './x509-library';

function openssl(args: string[]): string {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return result.stdout + result.stderr;
}

describe('issueCrl', () => {
  let workDir: string;
  let material: PkiMaterial;
  let caFile: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'crl-'));
    material = await ensureDevelopmentPki(path.join(workDir, 'pki'));
    caFile = path.join(workDir, 'ca.pem');
    await writeFile(caFile, material.certificateAuthority.certificatePem);
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  async function crlText(der: Buffer): Promise<string> {
    const file = path.join(workDir, `crl-${Date.now()}-${Math.random()}.der`);
    await writeFile(file, der);
    return openssl(['crl', '-inform', 'DER', '-in', file, '-CAfile', caFile, '-noout', '-text']);
  }

  it('issues an empty CRL signed by the CA, with a CRL number and the authority key identifier', async () => {
    const thisUpdate = new Date('2026-01-31T10:00:00Z');
    const text = await crlText(await issueCrl(material.certificateAuthority, { thisUpdate, crlNumber: 7 }));
    expect(text).toContain('verify OK');
    expect(text).toMatch(/X509v3 CRL Number:\s+7/);
    expect(text).toContain('X509v3 Authority Key Identifier');
    expect(text).toContain('Last Update: Jan 31 10:00:00 2026 GMT');
    expect(text).toContain('Next Update: Feb  7 10:00:00 2026 GMT');
    expect(text).toContain('No Revoked Certificates');
  });

  it('lists revoked certificates with their date and reason', async () => {
    const issued = await issueSignatoryCertificate(material.certificateAuthority, {
      commonName: 'Revoked Signatory',
      validityMinutes: 5,
    });
    const crl = await issueCrl(material.certificateAuthority, {
      revoked: [
        { serialHex: issued.serialHex, revokedAt: new Date(), reason: x509.X509CrlReason.keyCompromise },
      ],
    });
    const text = await crlText(crl);
    expect(text).toContain('verify OK');
    expect(text).toContain(`Serial Number: ${issued.serialHex.toUpperCase()}`);
    expect(text).toContain('Key Compromise');

    const certificateFile = path.join(workDir, 'revoked.pem');
    const crlFile = path.join(workDir, 'revoked-crl.pem');
    await writeFile(certificateFile, issued.identity.certificatePem);
    await writeFile(crlFile, openssl(['crl', '-inform', 'DER', '-in', await derFile(crl)]));
    const verification = openssl([
      'verify',
      '-crl_check',
      '-CAfile',
      caFile,
      '-CRLfile',
      crlFile,
      certificateFile,
    ]);
    expect(verification).toContain('certificate revoked');
  });

  async function derFile(der: Buffer): Promise<string> {
    const file = path.join(workDir, `der-${Date.now()}.der`);
    await writeFile(file, der);
    return file;
  }
});
